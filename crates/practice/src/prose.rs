//! A pack's prose (explanation, trap, derivation) as blocks to lay out: paragraphs, and lists written as lines
//! starting with "- ". Pack text is data, never markup: nothing else is read into it. And which source addresses
//! may become links.

/// One block of prose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// Lines joined by spaces.
    Paragraph(String),
    List(Vec<String>),
}

/// The blocks of `text`: a blank line ends a paragraph, a "- " line starts or continues a list.
pub fn blocks(text: &str) -> Vec<Block> {
    let mut blocks: Vec<(bool, Vec<String>)> = Vec::new();
    for line in text.lines().map(str::trim) {
        let item = line.strip_prefix("- ");
        match (blocks.last_mut(), item) {
            (_, None) if line.is_empty() => blocks.push((false, Vec::new())),
            (Some((true, items)), Some(item)) => items.push(item.to_string()),
            (_, Some(item)) => blocks.push((true, vec![item.to_string()])),
            (Some((false, lines)), None) => lines.push(line.to_string()),
            (_, None) => blocks.push((false, vec![line.to_string()])),
        }
    }
    blocks
        .into_iter()
        .filter(|(_, lines)| !lines.is_empty())
        .map(|(list, lines)| {
            if list {
                Block::List(lines)
            } else {
                Block::Paragraph(lines.join(" "))
            }
        })
        .collect()
}

/// Whether a source's address may be a link: web addresses only (never `javascript:` and the like).
pub fn linkable(url: &str) -> bool {
    url.starts_with("https://") || url.starts_with("http://")
}
