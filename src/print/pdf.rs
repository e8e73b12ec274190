//! A PDF 1.4 writer, by hand and std only: numbered objects, content
//! streams, the two standard fonts the sheets use, and the cross-reference
//! table. The page layout of puzzle sheets is in [`crate::print::sheet`].
//!
//! A file is laid out as the specification asks (PDF 1.4, section 3.4):
//!
//! ```text
//! %PDF-1.4                      header
//! %âãÏÓ                         binary comment: marks the file as binary
//! 1 0 obj ... endobj            body: objects numbered 1..n
//! xref                          cross-reference table: one 20-byte entry
//! 0 n+1                         per object, giving its byte offset
//! 0000000000 65535 f
//! 0000000015 00000 n
//! trailer << /Size n+1 /Root 1 0 R /Info k 0 R >>
//! startxref                     byte offset of `xref`
//! 1234
//! %%EOF
//! ```
//!
//! Glossary: an *object* is `N 0 obj … endobj`; a *reference* is `N 0 R`;
//! a *content stream* holds the drawing operators of one page; text is
//! encoded in *WinAnsiEncoding* (Windows code page 1252), one byte per
//! character. Nothing here reads the clock, so equal input gives equal bytes.

use std::fmt::Write as _;

/// The header and a binary comment line: the comment marks the file as binary for
/// transfer programs (four bytes above 127, as the specification advises).
const HEADER: &[u8] = b"%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";

// ---------------------------------------------------------------- objects

/// A PDF file under construction: objects are numbered from 1 in the order
/// they are reserved or added.
#[derive(Default)]
pub struct Writer {
    objects: Vec<Option<Vec<u8>>>,
}

impl Writer {
    /// An empty file.
    pub fn new() -> Writer {
        Writer::default()
    }

    /// Reserves the next object number, for an object that must be
    /// referenced before it can be written (the page tree and its pages).
    pub fn reserve(&mut self) -> usize {
        self.objects.push(None);
        self.objects.len()
    }

    /// Sets the body of object `id` (the text between `N 0 obj` and
    /// `endobj`). Contract: `id` came from [`Writer::reserve`].
    pub fn set(&mut self, id: usize, body: impl Into<Vec<u8>>) {
        self.objects[id - 1] = Some(body.into());
    }

    /// Adds an object with `body`; returns its number.
    pub fn add(&mut self, body: impl Into<Vec<u8>>) -> usize {
        self.objects.push(Some(body.into()));
        self.objects.len()
    }

    /// Adds an uncompressed stream object holding `data`; returns its number.
    pub fn add_stream(&mut self, data: &[u8]) -> usize {
        let mut body = format!("<< /Length {} >>\nstream\n", data.len()).into_bytes();
        body.extend_from_slice(data);
        body.extend_from_slice(b"\nendstream");
        self.add(body)
    }

    /// The whole file: header, objects, cross-reference table and trailer
    /// naming `root` (the catalog) and `info` (the document information
    /// dictionary). An object reserved but never set is written as `null`.
    /// Cost: one pass over the bytes.
    pub fn finish(self, root: usize, info: usize) -> Vec<u8> {
        let mut out = HEADER.to_vec();
        let mut offsets = Vec::with_capacity(self.objects.len());
        for (i, body) in self.objects.iter().enumerate() {
            offsets.push(out.len());
            out.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
            out.extend_from_slice(body.as_deref().unwrap_or(b"null"));
            out.extend_from_slice(b"\nendobj\n");
        }
        let xref = out.len();
        let mut table = format!("xref\n0 {}\n0000000000 65535 f \n", offsets.len() + 1);
        for offset in offsets {
            // Exactly 20 bytes: offset (10), space, generation (5), space,
            // `n`, and the two-byte end of line " \n".
            let _ = writeln!(table, "{:010} 00000 n ", offset);
        }
        let _ = write!(
            table,
            "trailer\n<< /Size {} /Root {} 0 R /Info {} 0 R >>\nstartxref\n{}\n%%EOF\n",
            self.objects.len() + 1,
            root,
            info,
            xref
        );
        out.extend_from_slice(table.as_bytes());
        out
    }
}

// ---------------------------------------------------------------- strings

/// `text` in WinAnsiEncoding, one byte per character: a character the
/// encoding lacks becomes `?`, a control character (tab, newline) a space.
pub fn win_ansi(text: &str) -> Vec<u8> {
    text.chars().map(win_ansi_byte).collect()
}

fn win_ansi_byte(c: char) -> u8 {
    let u = c as u32;
    match u {
        0x20..=0x7E | 0xA0..=0xFF => u as u8,
        0x00..=0x1F | 0x7F..=0x9F => b' ',
        _ => {
            const HIGH: [(char, u8); 27] = [
                ('€', 0x80),
                ('‚', 0x82),
                ('ƒ', 0x83),
                ('„', 0x84),
                ('…', 0x85),
                ('†', 0x86),
                ('‡', 0x87),
                ('ˆ', 0x88),
                ('‰', 0x89),
                ('Š', 0x8A),
                ('‹', 0x8B),
                ('Œ', 0x8C),
                ('Ž', 0x8E),
                ('‘', 0x91),
                ('’', 0x92),
                ('“', 0x93),
                ('”', 0x94),
                ('•', 0x95),
                ('–', 0x96),
                ('—', 0x97),
                ('˜', 0x98),
                ('™', 0x99),
                ('š', 0x9A),
                ('›', 0x9B),
                ('œ', 0x9C),
                ('ž', 0x9E),
                ('Ÿ', 0x9F),
            ];
            HIGH.iter()
                .find(|&&(k, _)| k == c)
                .map_or(b'?', |&(_, b)| b)
        }
    }
}

/// A literal string `(…)` holding `bytes`: `(`, `)` and `\` are escaped
/// with a backslash, bytes outside printable ASCII are written as `\ddd`
/// octal so the file survives any line-ending conversion of its text parts.
pub fn literal(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() + 2);
    s.push('(');
    for &b in bytes {
        match b {
            b'(' | b')' | b'\\' => {
                s.push('\\');
                s.push(b as char);
            }
            0x20..=0x7E => s.push(b as char),
            _ => {
                let _ = write!(s, "\\{:03o}", b);
            }
        }
    }
    s.push(')');
    s
}

/// A text string for the document information dictionary: a literal
/// string when `text` is printable ASCII, otherwise UTF-16BE with a byte
/// order mark as a hex string, so any title survives in the viewer's
/// document properties.
pub fn text_string(text: &str) -> String {
    if text.bytes().all(|b| (0x20..=0x7E).contains(&b)) {
        return literal(text.as_bytes());
    }
    let mut s = String::from("<FEFF");
    for unit in text.encode_utf16() {
        let _ = write!(s, "{:04X}", unit);
    }
    s.push('>');
    s
}

/// A number for a content stream: at most two decimals, no trailing zeros
/// (`12`, `12.5`, `595.28`), never `-0`.
pub fn num(x: f64) -> String {
    let s = format!("{:.2}", x);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

// ---------------------------------------------------------------- fonts

/// The standard Type 1 fonts the sheets use; every PDF reader has them, so
/// nothing is embedded.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Font {
    /// Helvetica: digits, puzzle numbers, page numbers.
    Helvetica,
    /// Helvetica-Bold: titles.
    HelveticaBold,
}

impl Font {
    /// The font's name in the standard 14 (`/BaseFont`).
    pub fn base_name(self) -> &'static str {
        match self {
            Font::Helvetica => "Helvetica",
            Font::HelveticaBold => "Helvetica-Bold",
        }
    }

    /// The font dictionary, WinAnsiEncoding.
    pub fn dictionary(self) -> String {
        format!(
            "<< /Type /Font /Subtype /Type1 /BaseFont /{} /Encoding /WinAnsiEncoding >>",
            self.base_name()
        )
    }

    /// The advance width of WinAnsi byte `b` in thousandths of the font
    /// size, from the fonts' published metrics (AFM) for ASCII and the
    /// common symbols; an accented letter takes its base letter's width and
    /// any other byte 556 (the width of a digit), which only nudges centring.
    pub fn width(self, b: u8) -> u16 {
        let bold = self == Font::HelveticaBold;
        if (0x20..=0x7E).contains(&b) {
            let table = if bold { &BOLD_ASCII } else { &REGULAR_ASCII };
            return table[(b - 0x20) as usize];
        }
        let pick = |regular: u16, bold_w: u16| if bold { bold_w } else { regular };
        match b {
            0x80 | 0xA2..=0xA5 | 0xB1 | 0xB5 | 0xAB | 0xBB => 556,
            0x85 | 0x89 | 0x97 | 0x8C | 0xC6 => 1000,
            0x91 | 0x92 => pick(222, 278),
            0x93 | 0x94 | 0x84 => pick(333, 500),
            0x82 => pick(222, 278),
            0x95 => 350,
            0x96 => 556,
            0x99 => 1000,
            0xA0 => 278,
            0xA1 => 333,
            0xA9 | 0xAE => 737,
            0xB0 => 400,
            0xB7 => 278,
            0xBF => 611,
            0xD7 | 0xF7 | 0xAC => 584,
            0xDF | 0xF8 => 611,
            0xD8 => 778,
            0xE6 => 889,
            0x9C => 944,
            _ => match accent_base(b) {
                Some(base) => self.width(base),
                None => 556,
            },
        }
    }

    /// The width of WinAnsi `text` at `size` points.
    pub fn text_width(self, text: &[u8], size: f64) -> f64 {
        let units: u32 = text.iter().map(|&b| u32::from(self.width(b))).sum();
        f64::from(units) * size / 1000.0
    }
}

/// The unaccented letter of a Latin-1 accented letter (`é` → `e`).
fn accent_base(b: u8) -> Option<u8> {
    Some(match b {
        0xC0..=0xC5 => b'A',
        0xC7 => b'C',
        0xC8..=0xCB => b'E',
        0xCC..=0xCF => b'I',
        0xD0 => b'D',
        0xD1 => b'N',
        0xD2..=0xD6 => b'O',
        0xD9..=0xDC => b'U',
        0xDD | 0x9F => b'Y',
        0xDE => b'P',
        0xE0..=0xE5 => b'a',
        0xE7 => b'c',
        0xE8..=0xEB => b'e',
        0xEC..=0xEF => b'i',
        0xF0 | 0xF2..=0xF6 => b'o',
        0xF1 => b'n',
        0xF9..=0xFC => b'u',
        0xFD | 0xFF => b'y',
        0xFE => b'p',
        0x8A => b'S',
        0x9A => b's',
        0x8E => b'Z',
        0x9E => b'z',
        _ => return None,
    })
}

/// Helvetica widths of bytes 0x20..=0x7E (space to `~`).
#[rustfmt::skip]
const REGULAR_ASCII: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/// Helvetica-Bold widths of bytes 0x20..=0x7E (space to `~`).
#[rustfmt::skip]
const BOLD_ASCII: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
    975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
    333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
    611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

// ---------------------------------------------------------------- drawing

/// The operators of one page's content stream, in PDF user space (points,
/// origin at the bottom left).
#[derive(Default)]
pub struct Content {
    ops: String,
}

impl Content {
    /// An empty stream.
    pub fn new() -> Content {
        Content::default()
    }

    /// Sets the stroke width in points.
    pub fn line_width(&mut self, w: f64) {
        let _ = writeln!(self.ops, "{} w", num(w));
    }

    /// Sets the gray level of strokes and fills (0 black, 1 white).
    pub fn gray(&mut self, level: f64) {
        let _ = writeln!(self.ops, "{0} G {0} g", num(level));
    }

    /// Line cap (0 butt, 2 projecting square) and line join (0 miter).
    pub fn cap_join(&mut self, cap: u8, join: u8) {
        let _ = writeln!(self.ops, "{} J {} j", cap, join);
    }

    /// Adds a straight segment from (x0, y0) to (x1, y1) to the path.
    pub fn segment(&mut self, x0: f64, y0: f64, x1: f64, y1: f64) {
        let _ = writeln!(
            self.ops,
            "{} {} m {} {} l",
            num(x0),
            num(y0),
            num(x1),
            num(y1)
        );
    }

    /// Adds a rectangle with lower left corner (x, y) to the path.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64) {
        let _ = writeln!(self.ops, "{} {} {} {} re", num(x), num(y), num(w), num(h));
    }

    /// Strokes the path built so far.
    pub fn stroke(&mut self) {
        self.ops.push_str("S\n");
    }

    /// Fills the path built so far (nonzero winding rule) with the fill
    /// gray.
    pub fn fill(&mut self) {
        self.ops.push_str("f\n");
    }

    /// Sets the dash pattern of strokes: `pattern` alternates the lengths
    /// of dashes and gaps in points, starting with a dash at phase 0
    /// (`[3 2] 0 d`); an empty pattern gives solid lines again (`[] 0 d`).
    pub fn dash(&mut self, pattern: &[f64]) {
        let lengths: Vec<String> = pattern.iter().map(|&l| num(l)).collect();
        let _ = writeln!(self.ops, "[{}] 0 d", lengths.join(" "));
    }

    /// Shows WinAnsi `text` in `font` at `size` points with its baseline
    /// starting at (x, y). The font resource names are `/F1` (Helvetica)
    /// and `/F2` (Helvetica-Bold), see [`Content::FONT_RESOURCES`].
    pub fn text(&mut self, font: Font, size: f64, x: f64, y: f64, text: &[u8]) {
        let name = match font {
            Font::Helvetica => "F1",
            Font::HelveticaBold => "F2",
        };
        let _ = writeln!(
            self.ops,
            "BT /{} {} Tf {} {} Td {} Tj ET",
            name,
            num(size),
            num(x),
            num(y),
            literal(text)
        );
    }

    /// The fonts [`Content::text`] may use, in resource order (`/F1`, `/F2`).
    pub const FONT_RESOURCES: [Font; 2] = [Font::Helvetica, Font::HelveticaBold];

    /// The stream's bytes.
    pub fn into_bytes(self) -> Vec<u8> {
        self.ops.into_bytes()
    }
}

/// Test support: parses the cross-reference table of `pdf` back from
/// `startxref`, checks that every entry is 20 bytes and points at its
/// `N 0 obj`, that the trailer's `/Size` matches, and that the file ends
/// with `%%EOF`; returns the number of objects. Panics on any fault.
#[cfg(test)]
pub(crate) fn assert_xref_sound(pdf: &[u8]) -> usize {
    let tail_start = pdf.len().saturating_sub(40);
    let tail = String::from_utf8_lossy(&pdf[tail_start..]).into_owned();
    let mut lines = tail.lines().rev();
    assert_eq!(lines.next(), Some("%%EOF"));
    let startxref: usize = lines
        .next()
        .and_then(|l| l.parse().ok())
        .expect("startxref value");
    assert_eq!(lines.next(), Some("startxref"));
    let head = &pdf[startxref..];
    assert!(
        head.starts_with(b"xref\n0 "),
        "startxref does not point at xref"
    );
    let line_end = head[7..]
        .iter()
        .position(|&b| b == b'\n')
        .expect("subsection line")
        + 7;
    let size: usize = std::str::from_utf8(&head[7..line_end])
        .ok()
        .and_then(|n| n.parse().ok())
        .expect("size");
    let table = &head[line_end + 1..];
    assert!(table.len() >= size * 20, "table is cut short");
    assert_eq!(&table[..20], b"0000000000 65535 f \n");
    for n in 1..size {
        let entry = &table[n * 20..(n + 1) * 20];
        assert_eq!(&entry[10..], b" 00000 n \n", "entry {}", n);
        let offset: usize = std::str::from_utf8(&entry[..10])
            .ok()
            .and_then(|o| o.parse().ok())
            .expect("offset");
        let expected = format!("{} 0 obj\n", n);
        assert!(
            pdf[offset..].starts_with(expected.as_bytes()),
            "object {} is not at offset {}",
            n,
            offset
        );
    }
    let trailer = String::from_utf8_lossy(&table[size * 20..]).into_owned();
    assert!(
        trailer.starts_with(&format!("trailer\n<< /Size {} ", size)),
        "{}",
        trailer
    );
    size - 1
}

// ---------------------------------------------------------------- tests

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<u8> {
        let mut w = Writer::new();
        let catalog = w.reserve();
        let pages = w.reserve();
        let font = w.add(Font::Helvetica.dictionary());
        let mut content = Content::new();
        content.text(Font::Helvetica, 12.0, 72.0, 720.0, b"a (tricky) \\ string");
        let stream = w.add_stream(&content.into_bytes());
        let page = w.add(format!(
            "<< /Type /Page /Parent {} 0 R /MediaBox [0 0 612 792] \
             /Resources << /Font << /F1 {} 0 R >> >> /Contents {} 0 R >>",
            pages, font, stream
        ));
        w.set(
            pages,
            format!("<< /Type /Pages /Kids [{} 0 R] /Count 1 >>", page),
        );
        w.set(
            catalog,
            format!("<< /Type /Catalog /Pages {} 0 R >>", pages),
        );
        let info = w.add(format!("<< /Title {} >>", text_string("Test")));
        w.finish(catalog, info)
    }

    fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
        hay.windows(needle.len()).position(|w| w == needle)
    }

    #[test]
    fn xref_offsets_point_at_their_objects() {
        let pdf = sample();
        assert_eq!(assert_xref_sound(&pdf), 6);
        assert!(find(&pdf, b"trailer\n<< /Size 7 /Root 1 0 R /Info 6 0 R >>").is_some());
    }

    #[test]
    fn header_has_binary_comment_and_stream_length_is_exact() {
        let pdf = sample();
        assert!(pdf.starts_with(b"%PDF-1.4\n%"));
        assert!(pdf[10..14].iter().all(|&b| b > 127));
        let start = find(&pdf, b"stream\n").unwrap() + 7;
        let end = find(&pdf, b"\nendstream").unwrap();
        let len_at = find(&pdf, b"/Length ").unwrap() + 8;
        let len: usize = String::from_utf8_lossy(&pdf[len_at..])
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(end - start, len);
    }

    #[test]
    fn literal_escapes_parentheses_backslash_and_high_bytes() {
        assert_eq!(literal(b"a(b)c\\d"), "(a\\(b\\)c\\\\d)");
        assert_eq!(literal(b"x\x0Ay\xE9"), "(x\\012y\\351)");
        assert_eq!(literal(b""), "()");
        assert_eq!(literal(b"))(("), "(\\)\\)\\(\\()");
    }

    #[test]
    fn win_ansi_maps_latin1_cp1252_and_replaces_the_rest() {
        assert_eq!(win_ansi("Café"), b"Caf\xE9");
        assert_eq!(win_ansi("a–b “q” €"), b"a\x96b \x93q\x94 \x80");
        assert_eq!(win_ansi("数独 ✓"), b"?? ?");
        assert_eq!(win_ansi("a\tb\nc"), b"a b c");
    }

    #[test]
    fn text_string_is_ascii_literal_or_utf16_hex() {
        assert_eq!(text_string("Sudoku (easy)"), "(Sudoku \\(easy\\))");
        assert_eq!(text_string("数独"), "<FEFF657072EC>");
        assert_eq!(text_string("é"), "<FEFF00E9>");
    }

    #[test]
    fn numbers_have_at_most_two_decimals_and_no_negative_zero() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(595.28), "595.28");
        assert_eq!(num(0.5), "0.5");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(1.005), "1"); // 1.005 is 1.00499… in binary
        assert_eq!(num(-3.25), "-3.25");
    }

    #[test]
    fn dash_and_fill_write_their_operators() {
        let mut c = Content::new();
        c.dash(&[3.0, 2.5]);
        c.dash(&[]);
        c.rect(1.0, 2.0, 3.0, 4.0);
        c.fill();
        let text = String::from_utf8(c.into_bytes()).unwrap();
        assert_eq!(text, "[3 2.5] 0 d\n[] 0 d\n1 2 3 4 re\nf\n");
    }

    #[test]
    fn widths_follow_helvetica_metrics() {
        assert_eq!(Font::Helvetica.text_width(b"0123456789", 10.0), 55.6);
        assert_eq!(Font::Helvetica.width(b'i'), 222);
        assert_eq!(Font::HelveticaBold.width(b'i'), 278);
        assert_eq!(Font::Helvetica.width(0xE9), Font::Helvetica.width(b'e'));
        assert_eq!(Font::HelveticaBold.width(b'W'), 944);
    }
}
