//! Finds a JSON object that names a key twice. `serde_json` keeps the last value of a repeated key
//! wherever a body passes through a map, a `serde_json::Value`, `#[serde(flatten)]` or
//! `#[serde(default)]`, so `{"content":"x","content":"y"}` would be read as `"y"` without a word.
//! The body reader walks the raw text once with this visitor before it gives the body its shape;
//! nothing but the keys of the object being walked is kept.

use serde::de::{DeserializeSeed, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};
use std::cell::RefCell;
use std::collections::HashSet;
use std::fmt;

/// The path of the first key that occurs twice in one object of `json` (`content`,
/// `pets[0].name`), or `None` when every object names each key once.
///
/// # Errors
/// The text is not one JSON value (a syntax error, an early end, or something after the value).
pub fn first_duplicate_key(json: &[u8]) -> Result<Option<String>, serde_json::Error> {
    let found = RefCell::new(Vec::new());
    let mut deserializer = serde_json::Deserializer::from_slice(json);
    let walked = Walk { found: &found }.deserialize(&mut deserializer);
    match walked {
        Ok(()) => deserializer.end().map(|()| None),
        Err(error) => {
            let segments = found.into_inner();
            if segments.is_empty() {
                return Err(error);
            }
            // The walk stopped at the repeated key: text that is not JSON further on still is
            // refused as such.
            serde_json::from_slice::<serde::de::IgnoredAny>(json)?;
            Ok(Some(path_of(&segments)))
        }
    }
}

/// One step of the path to a repeated key.
#[derive(Debug)]
enum Segment {
    Key(String),
    Index(usize),
}

/// Writes the steps, collected innermost first, as `a.b[2].c`.
fn path_of(innermost_first: &[Segment]) -> String {
    let mut path = String::new();
    for segment in innermost_first.iter().rev() {
        match segment {
            Segment::Key(key) => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
            }
            Segment::Index(index) => path.push_str(&format!("[{index}]")),
        }
    }
    path
}

/// Walks one JSON value. On a repeated key it records that key and fails; each enclosing object
/// or array adds its own step to the record while the failure travels outwards.
struct Walk<'a> {
    found: &'a RefCell<Vec<Segment>>,
}

impl Walk<'_> {
    /// Adds `segment` to the path when the failure passing by is a repeated key.
    fn on_the_way_out(&self, segment: impl FnOnce() -> Segment) {
        let mut found = self.found.borrow_mut();
        if !found.is_empty() {
            found.push(segment());
        }
    }
}

impl<'de> DeserializeSeed<'de> for Walk<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Walk<'_> {
    type Value = ();

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a JSON value")
    }

    fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<(), E> {
        Ok(())
    }

    fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut index = 0;
        loop {
            match seq.next_element_seed(Walk { found: self.found }) {
                Ok(Some(())) => index += 1,
                Ok(None) => return Ok(()),
                Err(error) => {
                    self.on_the_way_out(|| Segment::Index(index));
                    return Err(error);
                }
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut keys = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if keys.contains(&key) {
                self.found.borrow_mut().push(Segment::Key(key));
                return Err(A::Error::custom("a key occurs twice"));
            }
            if let Err(error) = map.next_value_seed(Walk { found: self.found }) {
                self.on_the_way_out(|| Segment::Key(key));
                return Err(error);
            }
            keys.insert(key);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::first_duplicate_key;

    fn duplicate(json: &str) -> Option<String> {
        match first_duplicate_key(json.as_bytes()) {
            Ok(found) => found,
            Err(error) => panic!("{json} was taken for malformed: {error}"),
        }
    }

    #[test]
    fn a_key_repeated_at_the_top_is_found() {
        assert_eq!(
            duplicate(r#"{"content":"x","content":"y"}"#).as_deref(),
            Some("content")
        );
    }

    #[test]
    fn a_key_repeated_deeper_is_found_with_its_path() {
        assert_eq!(duplicate(r#"{"userId":{"id":1,"id":2}}"#).as_deref(), Some("userId.id"));
        assert_eq!(
            duplicate(r#"{"pets":[{"name":"a"},{"name":"b","x":[1,{"k":1,"k":{}}]}]}"#).as_deref(),
            Some("pets[1].x[1].k")
        );
        assert_eq!(duplicate(r#"[[], {"a":1,"a":1}]"#).as_deref(), Some("[1].a"));
    }

    #[test]
    fn a_key_written_with_an_escape_is_the_same_key() {
        assert_eq!(duplicate(r#"{"a":1,"\u0061":2}"#).as_deref(), Some("a"));
    }

    #[test]
    fn the_same_key_in_different_objects_is_no_duplicate() {
        for json in [
            r#"{"a":{"a":1},"b":{"a":2}}"#,
            r#"[{"a":1},{"a":2}]"#,
            r#"{"content":"x","contents":"x"}"#,
            r#"{}"#,
            r#"[1, 2.5, -3, true, null, "a", [], {}]"#,
            r#""just text""#,
        ] {
            assert_eq!(duplicate(json), None, "{json}");
        }
    }

    #[test]
    fn text_that_is_not_json_is_an_error_and_not_a_duplicate() {
        for json in [r#"{"a":1,"a""#, r#"{"a":1} x"#, "", r#"{"a":1,"a":2"#, "[1,]"] {
            assert!(first_duplicate_key(json.as_bytes()).is_err(), "{json}");
        }
    }
}
