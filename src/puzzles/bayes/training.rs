//! A training set: texts labelled with their category, and the words a text is made of.

/// Texts labelled with a category, in the order they were given. A category may label several
/// texts (the multinomial method's priors count them).
#[derive(Debug, Clone, PartialEq)]
pub struct Training {
    pub texts: Vec<(String, String)>,
}

/// Longest training set read (characters of all its texts): a classroom corpus, not a mailbox.
pub const MAX_TRAINING_CHARS: usize = 20_000;

/// Most texts in a training set.
pub const MAX_TEXTS: usize = 200;

impl Training {
    /// The categories in the order they first appear: ties between scores keep this order,
    /// which is how Reverend's answer for the slides' first guess comes out as `spanish`.
    pub fn categories(&self) -> Vec<&str> {
        let mut seen: Vec<&str> = Vec::new();
        for (category, _) in &self.texts {
            if !seen.contains(&category.as_str()) {
                seen.push(category);
            }
        }
        seen
    }

    /// Reads `category: text` lines (blank lines skipped), naming the first bad line.
    pub fn parse(lines: &str) -> Result<Self, String> {
        let mut texts = Vec::new();
        let mut chars = 0;
        for (n, line) in lines.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let Some((category, text)) = line.split_once(':') else {
                return Err(format!("line {} has no ':' between a category and its text", n + 1));
            };
            let category = category.trim();
            if category.is_empty() || !category.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-') {
                return Err(format!(
                    "line {}: a category is one word of letters, digits, '-' or '_' (not '{category}')",
                    n + 1
                ));
            }
            chars += text.chars().count();
            texts.push((category.to_string(), text.trim().to_string()));
        }
        if texts.is_empty() {
            return Err("no texts to learn from: give lines of 'category: text'".into());
        }
        if texts.len() > MAX_TEXTS || chars > MAX_TRAINING_CHARS {
            return Err(format!(
                "{} texts of {chars} characters: at most {MAX_TEXTS} texts of {MAX_TRAINING_CHARS} characters",
                texts.len()
            ));
        }
        Ok(Self { texts })
    }

    /// The `category: text` lines [`Training::parse`] reads.
    pub fn to_lines(&self) -> String {
        self.texts.iter().map(|(c, t)| format!("{c}: {t}")).collect::<Vec<_>>().join("\n")
    }
}

/// The words of a text as Reverend's tokenizer finds them (`\w+`): runs of letters, digits and
/// `_`, kept as written ("The" and "the" are different words).
pub fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_runs_of_letters_digits_and_underscores_as_written() {
        let found: Vec<&str> = words("They went, to el_cantina: 2 días!").collect();
        assert_eq!(found, ["They", "went", "to", "el_cantina", "2", "días"]);
    }

    #[test]
    fn lines_read_back_and_bad_lines_are_named() {
        let training = Training::parse("spam: win money\n\nham : lunch at noon\nspam: free").unwrap();
        assert_eq!(training.categories(), ["spam", "ham"]);
        assert_eq!(Training::parse(&training.to_lines()).unwrap(), training);
        assert_eq!(
            Training::parse("spam win").unwrap_err(),
            "line 1 has no ':' between a category and its text"
        );
        assert!(Training::parse("ok: a\nno way: b")
            .unwrap_err()
            .starts_with("line 2: a category is one word"));
        assert!(Training::parse("  \n").unwrap_err().starts_with("no texts"));
        assert!(Training::parse(&"a: b\n".repeat(MAX_TEXTS + 1)).unwrap_err().contains("at most 200 texts"));
    }
}
