//! The statement of a package: the folder's README.md (title, `## Task`
//! and `## Which answer`) written as the LaTeX problemtools renders
//! (`problem_statement/problem.tex`, legacy format).
//!
//! The markdown the folders use, and nothing more: paragraphs, `###`
//! headings, `**bold**`, `*emphasis*`, `` `code` ``, fenced code blocks,
//! `- ` lists, `|` tables and `[text](link)` (the text is kept).

/// The sections of a folder README that make the statement.
const SECTIONS: [&str; 2] = ["Task", "Which answer"];

/// The problem's name: the README's first `# ` heading, without the
/// folder's short name before a colon (`# boj2580: fill in a Sudoku` →
/// `fill in a Sudoku`); `fallback` when there is none.
pub fn title(readme: &str, fallback: &str) -> String {
    let heading = readme.lines().find_map(|l| l.strip_prefix("# "));
    let Some(heading) = heading else {
        return fallback.to_string();
    };
    let name = heading.split_once(": ").map_or(heading, |(_, rest)| rest);
    let mut chars = name.trim().chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => fallback.to_string(),
    }
}

/// `problem.tex`: `\problemname`, then the README's statement sections
/// in LaTeX. Without such sections, the whole README but its title.
pub fn latex(readme: &str, name: &str) -> String {
    let mut body = Vec::new();
    let mut keep = false;
    let mut any = false;
    let mut in_code = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        }
        if !in_code {
            if let Some(section) = line.strip_prefix("## ") {
                keep = SECTIONS.contains(&section.trim());
                any |= keep;
                if keep && section.trim() != SECTIONS[0] {
                    body.push(format!("### {}", section.trim()));
                }
                continue;
            }
            if line.starts_with("# ") {
                continue;
            }
        }
        if keep {
            body.push(line.to_string());
        }
    }
    if !any {
        body = readme
            .lines()
            .filter(|l| !l.starts_with("# "))
            .map(str::to_string)
            .collect();
    }
    format!("\\problemname{{{}}}\n\n{}", escape(name), blocks(&body))
}

/// Markdown lines as LaTeX blocks.
fn blocks(lines: &[String]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].as_str();
        if line.starts_with("```") {
            out.push_str("\\begin{verbatim}\n");
            i += 1;
            while i < lines.len() && !lines[i].starts_with("```") {
                out.push_str(&lines[i]);
                out.push('\n');
                i += 1;
            }
            out.push_str("\\end{verbatim}\n\n");
            i += 1;
        } else if let Some(heading) = line.strip_prefix("### ").or(line.strip_prefix("## ")) {
            out.push_str(&format!("\\section*{{{}}}\n\n", inline(heading)));
            i += 1;
        } else if line.starts_with("- ") || line.starts_with("* ") {
            out.push_str("\\begin{itemize}\n");
            while i < lines.len() && (lines[i].starts_with("- ") || lines[i].starts_with("* ")) {
                let mut item = lines[i][2..].to_string();
                i += 1;
                while i < lines.len() && lines[i].starts_with("  ") && !lines[i].trim().is_empty() {
                    item.push(' ');
                    item.push_str(lines[i].trim());
                    i += 1;
                }
                out.push_str(&format!("\\item {}\n", inline(&item)));
            }
            out.push_str("\\end{itemize}\n\n");
        } else if line.starts_with('|') {
            let mut rows = Vec::new();
            while i < lines.len() && lines[i].starts_with('|') {
                let cells: Vec<String> = lines[i]
                    .trim()
                    .trim_matches('|')
                    .split('|')
                    .map(|c| c.trim().to_string())
                    .collect();
                if !cells
                    .iter()
                    .all(|c| c.chars().all(|ch| ch == '-' || ch == ':'))
                {
                    rows.push(cells);
                }
                i += 1;
            }
            let columns = rows.iter().map(Vec::len).max().unwrap_or(1);
            out.push_str(&format!(
                "\\begin{{tabular}}{{|{}}}\n\\hline\n",
                "l|".repeat(columns)
            ));
            for row in &rows {
                let cells: Vec<String> = row.iter().map(|c| inline(c)).collect();
                out.push_str(&format!("{} \\\\ \\hline\n", cells.join(" & ")));
            }
            out.push_str("\\end{tabular}\n\n");
        } else if line.trim().is_empty() {
            i += 1;
        } else {
            let mut paragraph = Vec::new();
            while i < lines.len() {
                let l = lines[i].as_str();
                if l.trim().is_empty()
                    || l.starts_with("```")
                    || l.starts_with('|')
                    || l.starts_with("- ")
                    || l.starts_with("#")
                {
                    break;
                }
                paragraph.push(inline(l.trim()));
                i += 1;
            }
            out.push_str(&paragraph.join("\n"));
            out.push_str("\n\n");
        }
    }
    out
}

/// One line of markdown text as LaTeX: code, bold, emphasis, links.
fn inline(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    let mut bold = false;
    let mut emph = false;
    while i < chars.len() {
        let c = chars[i];
        if c == '`' {
            if let Some(len) = chars[i + 1..].iter().position(|&d| d == '`') {
                let code: String = chars[i + 1..i + 1 + len].iter().collect();
                out.push_str(&format!("\\texttt{{{}}}", escape(&code)));
                i += len + 2;
                continue;
            }
        }
        if c == '*' && chars.get(i + 1) == Some(&'*') {
            out.push_str(if bold { "}" } else { "\\textbf{" });
            bold = !bold;
            i += 2;
            continue;
        }
        if c == '*' && (emph || chars[i + 1..].contains(&'*')) {
            out.push_str(if emph { "}" } else { "\\emph{" });
            emph = !emph;
            i += 1;
            continue;
        }
        if c == '[' {
            let rest: String = chars[i..].iter().collect();
            if let Some(close) = rest.find("](") {
                if let Some(end) = rest[close..].find(')') {
                    out.push_str(&inline(&rest[1..close]));
                    i += rest[..close + end + 1].chars().count();
                    continue;
                }
            }
        }
        out.push_str(&escape(&c.to_string()));
        i += 1;
    }
    if emph {
        out.push('}');
    }
    if bold {
        out.push('}');
    }
    out
}

/// Text with LaTeX's special characters written as text.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\textasciicircum{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '|' => out.push_str("\\textbar{}"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn title_drops_the_short_name_and_capitalises() {
        assert_eq!(
            title("# boj2580: fill in a Sudoku\n", "x"),
            "Fill in a Sudoku"
        );
        assert_eq!(title("no heading\n", "boj2580"), "boj2580");
    }

    #[test]
    fn latex_keeps_task_and_which_answer_and_escapes() {
        let readme = "# p: t\n\n## Task\nFill **every** cell, `0_1` & *any* [kit](http://x).\n\n```\n0 3 5\n```\n## Cases\n| a | b |\n## Which answer\n- one\n- two\n";
        let tex = latex(readme, "T");
        assert!(tex.starts_with("\\problemname{T}\n"));
        assert!(tex.contains("Fill \\textbf{every} cell, \\texttt{0\\_1} \\& \\emph{any} kit."));
        assert!(tex.contains("\\begin{verbatim}\n0 3 5\n\\end{verbatim}"));
        assert!(tex.contains("\\section*{Which answer}"));
        assert!(tex.contains("\\item one\n\\item two\n"));
        assert!(!tex.contains("tabular"), "the Cases section is left out");
    }
}
