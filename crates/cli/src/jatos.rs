//! What `study score` reads besides `.json` and `.jsonl` files: JATOS's result exports. A `.jrzip` (or `.zip`)
//! archive holds `study_result_N/comp_result_M/data.txt` files, each the result data a component submitted (the
//! app submits the record as one line of JSON); an exported `data.txt` holds one result per line. Every file or
//! archive entry that is not read is listed with why.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use fermi_study::MAX_RECORD_BYTES;

/// Largest archive entry read (a `data.txt` of many results), in bytes.
const MAX_ENTRY_BYTES: u64 = 256 << 20;

/// How a file's records are read, by its name; `Err` says why it is not read at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One record, the whole file.
    Whole,
    /// One record per non-blank line (`.jsonl`, JATOS's `data.txt`).
    Lines,
    /// A zip archive (JATOS's `.jrzip` export).
    Archive,
}

pub fn kind(name: &str) -> Result<Kind, &'static str> {
    let lower = name.to_ascii_lowercase();
    let base = lower.rsplit(['/', '\\']).next().unwrap_or(&lower);
    if base == "metadata.json" {
        Err("JATOS's metadata of the export, not a record")
    } else if base.ends_with(".jsonl") || base.ends_with(".txt") {
        Ok(Kind::Lines)
    } else if base.ends_with(".json") {
        Ok(Kind::Whole)
    } else if base.ends_with(".jrzip") || base.ends_with(".zip") {
        Ok(Kind::Archive)
    } else {
        Err("not a record file (.json, .jsonl, JATOS's data.txt or .jrzip)")
    }
}

/// One entry of an archive that holds records: its name and how to read it.
pub struct Entry {
    pub name: String,
    pub kind: Kind,
    pub text: Result<String, String>,
}

/// The entries of a zip archive holding records, in name order; every other entry goes to `skipped` with why
/// (folders are not listed).
pub fn archive(path: &Path, skipped: &mut Vec<(String, String)>) -> Result<Vec<Entry>, String> {
    let shown = path.display().to_string();
    let file = File::open(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let mut zip = zip::ZipArchive::new(file)
        .map_err(|e| format!("{shown} is not a readable zip archive: {e}"))?;
    let mut names: Vec<String> = zip
        .file_names()
        .filter_map(|n| n.ok().map(|n| n.to_string()))
        .collect();
    names.sort();
    let mut out = Vec::new();
    for name in names {
        if name.ends_with('/') {
            continue;
        }
        let label = format!("{shown}[{name}]");
        let kind = match kind(&name) {
            Ok(Kind::Archive) => {
                skipped.push((
                    label,
                    "an archive inside the archive: unpack it first".into(),
                ));
                continue;
            }
            Ok(k) => k,
            Err(why) => {
                skipped.push((label, why.into()));
                continue;
            }
        };
        let mut entry = match zip.by_name(&name) {
            Ok(e) => e,
            Err(e) => {
                skipped.push((label, format!("unreadable: {e}")));
                continue;
            }
        };
        let cap = if kind == Kind::Whole {
            MAX_RECORD_BYTES as u64
        } else {
            MAX_ENTRY_BYTES
        };
        let mut bytes = Vec::new();
        let text = match (&mut entry).take(cap + 1).read_to_end(&mut bytes) {
            Err(e) => Err(format!("unreadable: {e}")),
            Ok(_) if bytes.len() as u64 > cap => Err(format!("over {} MiB", cap >> 20)),
            Ok(_) => String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string()),
        };
        out.push(Entry { name, kind, text });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_read_by_their_names() {
        for (name, want) in [
            ("r.json", Ok(Kind::Whole)),
            ("R.JSONL", Ok(Kind::Lines)),
            ("study_result_1/comp_result_2/data.txt", Ok(Kind::Lines)),
            ("results.jrzip", Ok(Kind::Archive)),
            ("export.zip", Ok(Kind::Archive)),
        ] {
            assert_eq!(kind(name), want, "{name}");
        }
        assert!(kind("metadata.json").unwrap_err().contains("metadata"));
        assert!(
            kind("files/photo.png")
                .unwrap_err()
                .contains("not a record file")
        );
    }
}
