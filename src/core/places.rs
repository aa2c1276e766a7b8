//! The places of a board a player acts on (cells, pegs, jugs, slots, holes), and how the
//! arrow keys move between them: the geometry behind the web layer `web::components::places`.

/// A place a player acts on, where the board draws it.
#[derive(Clone, PartialEq, Debug)]
pub struct Place {
    /// Its box in the board's SVG units: x, y, width, height.
    pub area: [f64; 4],
    /// Its name as a screen reader says it: where it is and what is on it ("row 2, column 3: 7").
    pub name: String,
}

impl Place {
    pub fn new(area: [f64; 4], name: impl Into<String>) -> Self {
        Self { area, name: name.into() }
    }

    pub fn centre(&self) -> (f64, f64) {
        let [x, y, w, h] = self.area;
        (x + w / 2.0, y + h / 2.0)
    }
}

/// What a press does on a board whose moves go from one place to another (a disc from peg to
/// peg, a tee over a hole, water from jug to jug, a piece to the cell beside it): the one
/// picking rule of every such board, by `press`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Press<P> {
    /// Nothing was picked and this place has something to move: it is picked.
    Picked(P),
    /// Nothing was picked and this place has nothing to move.
    NothingToPick(P),
    /// The picked place pressed again: the pick is dropped.
    Dropped(P),
    /// The move from the picked place to this one (the rules then allow it or say why not);
    /// the pick is dropped either way.
    Move { from: P, to: P },
}

/// The picking rule: with nothing picked, a press picks a place that has something to move;
/// a press on the picked place drops the pick; a press on a place a move may end on is the
/// move; a press on another place with something to move picks that one instead. A drag is a
/// press where it starts and one where it ends, from no pick, whatever was picked before.
pub fn press<P: Copy + PartialEq>(
    picked: &mut Option<P>,
    place: P,
    has_something: bool,
    can_land: bool,
) -> Press<P> {
    match picked.take() {
        Some(from) if from == place => Press::Dropped(place),
        Some(from) if can_land || !has_something => Press::Move { from, to: place },
        _ if has_something => {
            *picked = Some(place);
            Press::Picked(place)
        }
        _ => Press::NothingToPick(place),
    }
}

/// The status once a place is picked: what to press next, and how to put it back.
pub fn picked_status(picked: &str, next: &str) -> String {
    format!("Picked {picked}: now pick {next}, or {picked} again to put it back.")
}

/// The status after the picked place was pressed again: said, then the page's instructions.
pub fn put_back_status(picked: &str, instructions: &str) -> String {
    format!("Put {picked} back: nothing is picked. {instructions}")
}

/// The place nearest `from` in direction `(dx, dy)` (a unit step: one of the four arrows),
/// among those within 45° of that way: distance along the way plus distance across it, so a
/// grid's neighbour in the same row or column wins, and a triangle's hole below-left or
/// below-right is the next one down.
pub fn nearest(places: &[Place], from: usize, (dx, dy): (f64, f64)) -> Option<usize> {
    let (x0, y0) = places.get(from)?.centre();
    places
        .iter()
        .enumerate()
        .filter_map(|(i, place)| {
            let (x, y) = place.centre();
            let along = (x - x0) * dx + (y - y0) * dy;
            let across = ((x - x0) * dy - (y - y0) * dx).abs();
            (along > 0.5 && across <= along).then_some((i, along + across))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// The unit step an arrow key asks for, in SVG coordinates (y grows downwards).
pub fn arrow(key: &str) -> Option<(f64, f64)> {
    match key {
        "ArrowUp" => Some((0.0, -1.0)),
        "ArrowDown" => Some((0.0, 1.0)),
        "ArrowLeft" => Some((-1.0, 0.0)),
        "ArrowRight" => Some((1.0, 0.0)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(n: usize) -> Vec<Place> {
        (0..n * n)
            .map(|i| Place::new([(i % n) as f64 * 10.0, (i / n) as f64 * 10.0, 10.0, 10.0], i.to_string()))
            .collect()
    }

    #[test]
    fn one_picking_rule_picks_drops_moves_and_repicks() {
        let mut picked = None;
        assert_eq!(press(&mut picked, 1, false, true), Press::NothingToPick(1));
        assert_eq!(picked, None);
        assert_eq!(press(&mut picked, 1, true, false), Press::Picked(1));
        assert_eq!(press(&mut picked, 1, true, false), Press::Dropped(1));
        assert_eq!(picked, None, "pressing the picked place puts it back");
        press(&mut picked, 1, true, false);
        assert_eq!(
            press(&mut picked, 2, true, false),
            Press::Picked(2),
            "a place no move ends on is picked instead"
        );
        assert_eq!(press(&mut picked, 3, false, true), Press::Move { from: 2, to: 3 });
        assert_eq!(picked, None, "a move drops the pick");
        press(&mut picked, 1, true, true);
        assert_eq!(
            press(&mut picked, 2, true, true),
            Press::Move { from: 1, to: 2 },
            "a peg with discs takes a disc"
        );
    }

    #[test]
    fn arrows_move_along_a_grids_rows_and_columns() {
        let places = grid(3);
        assert_eq!(nearest(&places, 4, (1.0, 0.0)), Some(5));
        assert_eq!(nearest(&places, 4, (-1.0, 0.0)), Some(3));
        assert_eq!(nearest(&places, 4, (0.0, -1.0)), Some(1));
        assert_eq!(nearest(&places, 4, (0.0, 1.0)), Some(7));
        assert_eq!(nearest(&places, 2, (1.0, 0.0)), None, "no place beyond the edge");
    }

    #[test]
    fn down_a_triangle_goes_one_row_at_a_time_and_not_sideways_off_its_edge() {
        // Golf tees' holes: rows 60 apart across, 52 down.
        let hole = |x: f64, y: f64, name: &str| Place::new([x - 20.0, y - 20.0, 40.0, 40.0], name);
        let places = vec![
            hole(150.0, 40.0, "0"),
            hole(120.0, 92.0, "1"),
            hole(180.0, 92.0, "2"),
            hole(90.0, 144.0, "3"),
            hole(150.0, 144.0, "4"),
        ];
        assert_eq!(nearest(&places, 0, (0.0, 1.0)), Some(1), "the next row, not two rows down");
        assert_eq!(nearest(&places, 1, (0.0, 1.0)), Some(3));
        assert_eq!(nearest(&places, 3, (-1.0, 0.0)), None, "nothing left of the left edge");
    }

    #[test]
    fn off_the_line_a_place_is_reached_only_when_nothing_is_on_it() {
        // A triangle's holes: from the top, down reaches the nearer of the two below.
        let places = vec![
            Place::new([10.0, 0.0, 2.0, 2.0], "top"),
            Place::new([4.0, 10.0, 2.0, 2.0], "left"),
            Place::new([15.0, 10.0, 2.0, 2.0], "right"),
        ];
        assert_eq!(nearest(&places, 0, (0.0, 1.0)), Some(2));
        assert_eq!(nearest(&places, 1, (1.0, 0.0)), Some(2));
        assert_eq!(nearest(&places, 2, (0.0, -1.0)), Some(0));
    }
}
