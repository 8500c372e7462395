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

/// Renders one diagnostic: the location line, the source line with a caret marker, and the help.
pub fn render(file: &str, src: &str, d: &Diagnostic) -> String {
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

/// Renders every diagnostic, in source order (errors and warnings interleaved as they occur).
pub fn render_all(file: &str, src: &str, diags: &[Diagnostic]) -> String {
    let mut sorted: Vec<&Diagnostic> = diags.iter().collect();
    sorted.sort_by_key(|d| d.span.start);
    sorted.iter().map(|d| render(file, src, d)).collect()
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
}
