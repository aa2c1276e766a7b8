//! Named choices in links (`algo=astar`): enums whose every value has a link name and a label.

/// A closed set of values, each with a name used in links and a label for people.
pub trait Named: Copy + PartialEq + 'static {
    /// Every value, in the order menus list them.
    const ALL: &'static [Self];

    /// The value's word in links; stable forever once published.
    fn name(self) -> &'static str;

    /// A short description for menus and comparison tables.
    fn label(self) -> &'static str;

    fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| v.name() == name)
    }
}

/// A label's first part, before any colon: the name a sentence uses ("A* with Manhattan
/// distance" of "A* with Manhattan distance: optimal").
pub fn short_label(label: &str) -> &str {
    label.split(':').next().unwrap_or(label)
}

/// The label of the value of `T` a link names `name`.
pub fn label_of<T: Named>(name: &str) -> Option<&'static str> {
    T::from_name(name).map(T::label)
}

/// Declares an enum implementing [`Named`] from one table of `Variant = ("link name",
/// "label")`, listed in menu order.
#[macro_export]
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$variant_meta:meta])* $variant:ident = ($link:literal, $label:literal)),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        $vis enum $name {
            $($(#[$variant_meta])* $variant),*
        }

        impl $crate::core::choice::Named for $name {
            const ALL: &'static [Self] = &[$($name::$variant),*];

            fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $link),*
                }
            }

            fn label(self) -> &'static str {
                match self {
                    $($name::$variant => $label),*
                }
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::Named;

    crate::named_enum! {
        /// A test choice.
        enum Speed {
            Slow = ("slow", "Slow and steady"),
            Fast = ("fast", "Fast"),
        }
    }

    #[test]
    fn names_labels_and_order_come_from_the_table() {
        assert_eq!(Speed::ALL, [Speed::Slow, Speed::Fast]);
        assert_eq!((Speed::Fast.name(), Speed::Fast.label()), ("fast", "Fast"));
        assert_eq!(Speed::from_name("slow"), Some(Speed::Slow));
        assert_eq!(Speed::from_name("Slow"), None);
    }
}
