//! The interactive activation and competition net over a table: one unit per distinct value,
//! each column a pool whose units inhibit each other, each row's name unit and its other
//! values exciting each other. Updates are synchronous, as in the recipe's `run`.

/// The update's constants (the recipe's defaults).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Constants {
    pub max: f64,
    pub min: f64,
    pub rest: f64,
    pub decay: f64,
    /// Strength of excitation from linked units.
    pub alpha: f64,
    /// Strength of inhibition within a pool.
    pub gamma: f64,
    /// Strength of external input.
    pub estr: f64,
}

impl Default for Constants {
    fn default() -> Self {
        Self { max: 1.0, min: -0.2, rest: -0.1, decay: 0.1, alpha: 0.1, gamma: 0.1, estr: 0.4 }
    }
}

/// A table: column names and rows of values, the first column naming each row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

pub const MAX_ROWS: usize = 200;
pub const MAX_COLUMNS: usize = 12;

impl Table {
    /// Reads CSV text: a header line, then one line per row; blank lines and `#` comments
    /// skipped. Values are words (letters, digits, `-`, `_`, `.`).
    pub fn parse(text: &str) -> Result<Table, String> {
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
        let split = |line: &str| line.split(',').map(|v| v.trim().to_string()).collect::<Vec<String>>();
        let columns = split(lines.next().ok_or("the table is empty: it needs a header line")?);
        if !(2..=MAX_COLUMNS).contains(&columns.len()) {
            return Err(format!("the header has {} columns; a table has 2 to {MAX_COLUMNS}", columns.len()));
        }
        let mut rows = Vec::new();
        let mut names = std::collections::HashSet::new();
        for (i, line) in lines.enumerate() {
            if i == MAX_ROWS {
                return Err(format!("the table has more than {MAX_ROWS} rows; it needs 1 to {MAX_ROWS}"));
            }
            let row = split(line);
            if row.len() != columns.len() {
                return Err(format!(
                    "row {} has {} values; the header has {}",
                    i + 1,
                    row.len(),
                    columns.len()
                ));
            }
            if let Some(bad) = row
                .iter()
                .find(|v| v.is_empty() || !v.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)))
            {
                return Err(format!("row {}: '{bad}' is not a value (use letters, digits, - _ .)", i + 1));
            }
            if !names.insert(row[0].clone()) {
                return Err(format!("row {}: the name '{}' is used twice", i + 1, row[0]));
            }
            rows.push(row);
        }
        if rows.is_empty() {
            return Err(format!("the table has no rows; it needs 1 to {MAX_ROWS}"));
        }
        Ok(Table { columns, rows })
    }

    /// The table as CSV (header first).
    pub fn to_csv(&self) -> String {
        std::iter::once(&self.columns).chain(&self.rows).map(|r| r.join(",")).collect::<Vec<_>>().join("\n")
    }
}

/// The units, their pools and links.
#[derive(Debug, Clone, PartialEq)]
pub struct Net {
    pub names: Vec<String>,
    /// Each unit's pool (its column).
    pub pool: Vec<usize>,
    pub pools: Vec<Vec<usize>>,
    /// Each unit's partners (units that excite it).
    pub links: Vec<Vec<usize>>,
}

impl Net {
    /// One unit per distinct value of each column (the same word in two columns is two units).
    pub fn of(table: &Table) -> Net {
        let mut net = Net {
            names: Vec::new(),
            pool: Vec::new(),
            pools: vec![Vec::new(); table.columns.len()],
            links: Vec::new(),
        };
        let mut unit_of = std::collections::HashMap::new();
        for col in 0..table.columns.len() {
            for row in &table.rows {
                unit_of.entry((col, row[col].clone())).or_insert_with(|| {
                    let unit = net.names.len();
                    net.names.push(row[col].clone());
                    net.pool.push(col);
                    net.pools[col].push(unit);
                    net.links.push(Vec::new());
                    unit
                });
            }
        }
        for row in &table.rows {
            let name = unit_of[&(0, row[0].clone())];
            for (col, value) in row.iter().enumerate().skip(1) {
                let unit = unit_of[&(col, value.clone())];
                net.links[name].push(unit);
                net.links[unit].push(name);
            }
        }
        net
    }

    /// The unit a name (or value) stands for: the first column holding it, spelt exactly or
    /// else in any case ("ken" is Ken).
    pub fn find(&self, name: &str) -> Option<usize> {
        let exact = self.names.iter().position(|n| n == name);
        exact.or_else(|| self.names.iter().position(|n| n.eq_ignore_ascii_case(name)))
    }

    /// Removes the link between two units, both ways (the recipe's `depair`).
    pub fn depair(&mut self, a: usize, b: usize) -> bool {
        let before = self.links[a].len();
        self.links[a].retain(|&u| u != b);
        self.links[b].retain(|&u| u != a);
        self.links[a].len() != before
    }

    /// Runs `cycles` synchronous updates from rest with `input` (external input per unit);
    /// returns the activations after each cycle, the resting state first.
    pub fn run(&self, k: &Constants, input: &[f64], cycles: usize) -> Vec<Vec<f64>> {
        let mut history = Vec::with_capacity(cycles + 1);
        let mut act = vec![k.rest; self.names.len()];
        history.push(act.clone());
        let mut output = vec![0.0; act.len()];
        let mut pool_sum = vec![0.0; self.pools.len()];
        for _ in 0..cycles {
            for (o, &a) in output.iter_mut().zip(&act) {
                *o = f64::max(0.0, a);
            }
            for (sum, members) in pool_sum.iter_mut().zip(&self.pools) {
                *sum = members.iter().map(|&u| output[u]).sum();
            }
            let next: Vec<f64> = (0..act.len())
                .map(|i| {
                    let plus: f64 = self.links[i].iter().map(|&j| output[j]).sum();
                    let minus = pool_sum[self.pool[i]] - output[i];
                    let net = k.alpha * plus - k.gamma * minus + k.estr * input[i];
                    let a = act[i];
                    let moved = if net > 0.0 { (k.max - a) * net } else { (a - k.min) * net };
                    // The recipe's order of operations, so the numbers agree to the last digit shown.
                    (moved - k.decay * (a - k.rest) + a).clamp(k.min, k.max)
                })
                .collect();
            act = next;
            history.push(act.clone());
        }
        history
    }
}
