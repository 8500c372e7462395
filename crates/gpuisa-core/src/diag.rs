//! Assembler diagnostics: errors and warnings tied to a span of the source text.
//!
//! Rendered like compilers and llvm-mc do, so editors and CI log parsers understand them:
//! ```text
//! kernel.s:3:9: error: unknown mnemonic 'fooo'
//!     R0 = fooo I0
//!          ^~~~
//! help: known operations are +, -, ...
//! ```

use std::fmt;

/// A byte range `start..end` of a source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Warning,
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// One message about the source, with an optional help line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub span: Span,
    pub message: String,
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn error(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            span,
            message: message.into(),
            help: None,
        }
    }
    pub fn warning(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            span,
            message: message.into(),
            help: None,
        }
    }
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// 1-based line and column (in characters) of byte offset `pos` in `src`.
pub fn line_col(src: &str, pos: usize) -> (usize, usize) {
    let pos = floor_char_boundary(src, pos.min(src.len()));
    let before = &src[..pos];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = src[line_start..pos].chars().count() + 1;
    (line, col)
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Where each line of a source text starts, for rendering many diagnostics of one text: each
/// position is found by a binary search over the line starts instead of a count of the lines
/// before it, so rendering `n` diagnostics of a text costs O(text + n log lines + their lines),
/// not O(n x text).
pub struct LineIndex<'a> {
    src: &'a str,
    /// Byte offsets of the line starts: 0, then one past every `\n`.
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub fn new(src: &'a str) -> Self {
        let mut starts = vec![0];
        starts.extend(
            src.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex { src, starts }
    }

    /// The 0-based line holding byte `pos` (a char boundary within the text).
    fn line_of(&self, pos: usize) -> usize {
        self.starts.partition_point(|&s| s <= pos) - 1
    }

    /// 1-based line and column (in characters) of byte offset `pos`, as [`line_col`].
    pub fn line_col(&self, pos: usize) -> (usize, usize) {
        let pos = floor_char_boundary(self.src, pos.min(self.src.len()));
        let l = self.line_of(pos);
        let col = self.src[self.starts[l]..pos].chars().count() + 1;
        (l + 1, col)
    }

    /// Renders one diagnostic, as [`render`].
    pub fn render(&self, file: &str, d: &Diagnostic) -> String {
        let src = self.src;
        let start = floor_char_boundary(src, d.span.start.min(src.len()));
        let l = self.line_of(start);
        let line_start = self.starts[l];
        let line_end = self.starts.get(l + 1).map_or(src.len(), |&n| n - 1);
        let col = src[line_start..start].chars().count() + 1;
        let mut out = format!("{file}:{}:{col}: {}: {}\n", l + 1, d.severity, d.message);
        let text = src[line_start..line_end].trim_end_matches('\r');
        if !text.is_empty() {
            out.push_str(text);
            out.push('\n');
            let pad: String = src[line_start..start]
                .chars()
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let end = floor_char_boundary(src, d.span.end.clamp(start, line_end));
            let width = src[start..end].chars().count().max(1);
            out.push_str(&pad);
            out.push('^');
            out.push_str(&"~".repeat(width - 1));
            out.push('\n');
        }
        if let Some(h) = &d.help {
            out.push_str("help: ");
            out.push_str(h);
            out.push('\n');
        }
        out
    }
}

/// Renders one diagnostic: the location line, the source line with a caret marker, and the help.
/// (For many diagnostics of one text use [`render_all`] or a [`LineIndex`].)
pub fn render(file: &str, src: &str, d: &Diagnostic) -> String {
    LineIndex::new(src).render(file, d)
}

/// Renders every diagnostic, in source order (errors and warnings interleaved as they occur).
pub fn render_all(file: &str, src: &str, diags: &[Diagnostic]) -> String {
    let mut sorted: Vec<&Diagnostic> = diags.iter().collect();
    sorted.sort_by_key(|d| d.span.start);
    let index = LineIndex::new(src);
    let mut out = String::new();
    for d in sorted {
        out.push_str(&index.render(file, d));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_and_rendering() {
        let src = "nop\n  R0 = fooo I0\n";
        assert_eq!(line_col(src, 0), (1, 1));
        assert_eq!(line_col(src, 9), (2, 6));
        let d =
            Diagnostic::error(Span::new(9, 13), "unknown operation 'fooo'").with_help("try '+'");
        let r = render("k.s", src, &d);
        assert_eq!(
            r,
            "k.s:2:6: error: unknown operation 'fooo'\n  R0 = fooo I0\n     ^~~~\nhelp: try '+'\n"
        );
        // Out-of-range spans never panic.
        let d = Diagnostic::warning(Span::new(500, 900), "x");
        assert!(render("k.s", src, &d).starts_with("k.s:3:1: warning: x"));
        let uni = "é\u{1F600}x";
        assert_eq!(line_col(uni, 3), (1, 2));
        let _ = render("u", uni, &Diagnostic::error(Span::new(3, 100), "m"));
    }

    /// The rendering as it was written first, counting lines from the top for each diagnostic:
    /// the reference the indexed rendering must equal.
    fn naive_render(file: &str, src: &str, d: &Diagnostic) -> String {
        let (line, col) = line_col(src, d.span.start);
        let mut out = format!("{file}:{line}:{col}: {}: {}\n", d.severity, d.message);
        let start = floor_char_boundary(src, d.span.start.min(src.len()));
        let line_start = src[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = src[start..].find('\n').map_or(src.len(), |i| start + i);
        let text = src[line_start..line_end].trim_end_matches('\r');
        if !text.is_empty() {
            out.push_str(text);
            out.push('\n');
            let pad: String = src[line_start..start]
                .chars()
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let end = floor_char_boundary(src, d.span.end.clamp(start, line_end));
            let width = src[start..end].chars().count().max(1);
            out.push_str(&pad);
            out.push('^');
            out.push_str(&"~".repeat(width - 1));
            out.push('\n');
        }
        if let Some(h) = &d.help {
            out.push_str("help: ");
            out.push_str(h);
            out.push('\n');
        }
        out
    }

    /// Random texts (empty lines, CRLF, tabs, multi-byte characters, no final newline) and
    /// random spans (inside characters, across lines, past the end): the indexed rendering
    /// equals the naive one, diagnostic by diagnostic and for `render_all`.
    #[test]
    fn indexed_rendering_equals_naive() {
        let mut r = crate::rng::Rng::new(18);
        let pieces = [
            "a",
            "bc",
            " ",
            "\t",
            "\n",
            "\r\n",
            "é",
            "\u{1F600}",
            "x = y",
            "\n\n",
        ];
        for _ in 0..2000 {
            let n = r.below(30) as usize;
            let src: String = (0..n)
                .map(|_| pieces[r.below(pieces.len() as u64) as usize])
                .collect();
            let len = src.len() as u64;
            let diags: Vec<Diagnostic> = (0..r.below(8))
                .map(|i| {
                    let a = r.below(len + 4) as usize;
                    let b = a + r.below(12) as usize;
                    let d = if i % 2 == 0 {
                        Diagnostic::error(Span::new(a, b), format!("m{i}"))
                    } else {
                        Diagnostic::warning(Span::new(a, b), "w").with_help("h")
                    };
                    d
                })
                .collect();
            let index = LineIndex::new(&src);
            for d in &diags {
                assert_eq!(
                    index.render("f", d),
                    naive_render("f", &src, d),
                    "{src:?} {d:?}"
                );
                assert_eq!(index.line_col(d.span.start), line_col(&src, d.span.start));
            }
            let mut sorted: Vec<&Diagnostic> = diags.iter().collect();
            sorted.sort_by_key(|d| d.span.start);
            let want: String = sorted.iter().map(|d| naive_render("f", &src, d)).collect();
            assert_eq!(render_all("f", &src, &diags), want);
        }
    }

    /// 200,000 diagnostics of a 200,000-line text render (in linear time: quadratic rendering
    /// took tens of seconds here), each naming its own line.
    #[test]
    fn many_diagnostics_of_a_long_text() {
        let n = 200_000;
        let src: String = (0..n).map(|i| format!("bad line {i}\n")).collect();
        let mut diags = Vec::with_capacity(n);
        let mut pos = 0;
        for i in 0..n {
            diags.push(Diagnostic::error(Span::new(pos + 4, pos + 8), "no"));
            pos += format!("bad line {i}\n").len();
        }
        let out = render_all("f.s", &src, &diags);
        assert_eq!(out.lines().count(), 3 * n);
        assert!(out.starts_with("f.s:1:5: error: no\nbad line 0\n    ^~~~\n"));
        assert!(out.ends_with(&format!(
            "f.s:{n}:5: error: no\nbad line {}\n    ^~~~\n",
            n - 1
        )));
    }
}
