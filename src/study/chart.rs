//! The study table as a bar chart ([`chart`]): per puzzle a group of bars,
//! one per pattern, nodes on a logarithmic axis and, when measured, time
//! on another, each bar labelled with its number so the chart reads
//! without the table.

use super::page::escape_html;
use std::time::Duration;

/// One pattern's row of the study table.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Bar {
    /// The pattern's name.
    pub label: String,
    /// Nodes (placements) it made.
    pub nodes: u64,
    /// False when the node limit stopped it (the label says `limit`).
    pub finished: bool,
    /// Mean time of one run, when measured.
    pub time: Option<Duration>,
}

/// The bars of one puzzle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Group {
    /// Shown above the bars (e.g. `puzzle 1`), empty for none.
    pub title: String,
    /// One bar per pattern, in table order.
    pub bars: Vec<Bar>,
}

const LABEL_W: usize = 130;
const AXIS_W: usize = 300;
const ROW: usize = 16;
const TEXT_W: usize = 120;

/// The chart of `groups` under `title`: an SVG of nodes (and time, when
/// any bar has it) on logarithmic axes with powers of ten marked. The same
/// groups give the same bytes.
pub fn chart(groups: &[Group], title: &str) -> String {
    let bars = || groups.iter().flat_map(|g| g.bars.iter());
    let timed = bars().any(|b| b.time.is_some());
    let top_nodes = decades(bars().map(|b| b.nodes.max(1) as f64).fold(1.0, f64::max));
    // Time in microseconds, from the decade below the fastest.
    let micros = |d: Duration| (d.as_nanos() as f64 / 1000.0).max(0.001);
    let times: Vec<f64> = bars().filter_map(|b| b.time).map(micros).collect();
    let time_low = times
        .iter()
        .cloned()
        .fold(f64::MAX, f64::min)
        .log10()
        .floor() as i32;
    let time_high = times.iter().cloned().fold(0.001, f64::max).log10().ceil() as i32;
    let time_low = time_low.min(time_high - 1);
    let panel = LABEL_W + AXIS_W + TEXT_W;
    let width = if timed {
        panel + AXIS_W + TEXT_W
    } else {
        panel
    } + 10;
    let rows: usize = groups.iter().map(|g| g.bars.len() + 1).sum();
    let height = 44 + rows * ROW + 26;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"11\">\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>\n\
         <text x=\"6\" y=\"16\" font-size=\"13\" font-weight=\"bold\">{}</text>\n",
        escape_html(title),
        w = width,
        h = height
    );
    let axis_y = height - 24;
    // Axes: one tick per power of ten, labelled.
    svg.push_str(&axis(
        LABEL_W,
        0,
        top_nodes,
        34,
        axis_y,
        "nodes",
        &count_name,
    ));
    if timed {
        svg.push_str(&axis(
            panel,
            time_low,
            time_high,
            34,
            axis_y,
            "time per run",
            &tick_time,
        ));
    }
    let x_of = |value: f64, low: i32, high: i32| {
        ((value.log10() - low as f64) / (high - low) as f64 * AXIS_W as f64).max(1.0)
    };
    let mut y = 44;
    for group in groups {
        svg.push_str(&format!(
            "<text x=\"6\" y=\"{}\" font-weight=\"bold\">{}</text>\n",
            y + 11,
            escape_html(&group.title)
        ));
        y += ROW;
        for bar in &group.bars {
            let nodes = bar.nodes.max(1) as f64;
            let limit = if bar.finished { "" } else { " (limit)" };
            svg.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n",
                LABEL_W - 6,
                y + 11,
                escape_html(&bar.label)
            ));
            let len = x_of(nodes, 0, top_nodes);
            svg.push_str(&bar_text(
                LABEL_W,
                y,
                len,
                "#3a6fc4",
                &format!("{}{}", grouped(bar.nodes), limit),
            ));
            if let Some(time) = bar.time {
                let len = x_of(micros(time), time_low, time_high);
                svg.push_str(&bar_text(
                    panel,
                    y,
                    len,
                    "#c47a3a",
                    &time_name(micros(time)),
                ));
            }
            y += ROW;
        }
    }
    svg.push_str("</svg>\n");
    svg
}

/// The smallest power of ten at or above `value`, as its exponent (at
/// least 1).
fn decades(value: f64) -> i32 {
    (value.log10().ceil() as i32).max(1)
}

/// One bar from `x` and its label after it.
fn bar_text(x: usize, y: usize, len: f64, colour: &str, label: &str) -> String {
    format!(
        "<rect x=\"{}\" y=\"{}\" width=\"{:.1}\" height=\"{}\" fill=\"{}\"/>\
         <text x=\"{:.1}\" y=\"{}\">{}</text>\n",
        x,
        y + 2,
        len,
        ROW - 4,
        colour,
        x as f64 + len + 4.0,
        y + 11,
        escape_html(label)
    )
}

/// An axis from `x` over decades `low..=high`, grid lines from `top` to
/// `bottom`, the tick labels below and `name` after them.
fn axis(
    x: usize,
    low: i32,
    high: i32,
    top: usize,
    bottom: usize,
    name: &str,
    label: &dyn Fn(i32) -> String,
) -> String {
    let mut out = String::new();
    for k in low..=high {
        let tx = x as f64 + (k - low) as f64 / (high - low) as f64 * AXIS_W as f64;
        out.push_str(&format!(
            "<line x1=\"{tx:.1}\" y1=\"{}\" x2=\"{tx:.1}\" y2=\"{}\" stroke=\"#ddd\"/>\
             <text x=\"{tx:.1}\" y=\"{}\" text-anchor=\"middle\" fill=\"#555\">{}</text>\n",
            top,
            bottom,
            bottom + 12,
            label(k),
            tx = tx
        ));
    }
    out.push_str(&format!(
        "<text x=\"{}\" y=\"{}\" fill=\"#555\">{} (log scale)</text>\n",
        x,
        top - 4,
        name
    ));
    out
}

/// `10^k` as a short count: 1, 10, 100, 1k, 10k, 100k, 1M, ..., 1G, ...
fn count_name(k: i32) -> String {
    let (unit, rest) = match k {
        k if k >= 12 => ("T", k - 12),
        k if k >= 9 => ("G", k - 9),
        k if k >= 6 => ("M", k - 6),
        k if k >= 3 => ("k", k - 3),
        k => ("", k),
    };
    format!("{}{}", 10u64.pow(rest as u32), unit)
}

/// `10^k` microseconds as a short tick label: 1 µs, 10 µs, 100 µs, 1 ms,
/// ..., 1 s, 10 s, 100 s.
fn tick_time(k: i32) -> String {
    let (unit, rest) = match k {
        k if k >= 6 => ("s", k - 6),
        k if k >= 3 => ("ms", k - 3),
        k => ("\u{b5}s", k),
    };
    match rest {
        r if r < 0 => format!("{} {}", 10f64.powi(r), unit),
        r => format!("{} {}", 10u64.pow(r as u32), unit),
    }
}

/// A time in microseconds the way the table writes it: `0.052 ms`,
/// `12.34 ms`, `1231 ms`, `10 s` from ten seconds.
fn time_name(micros: f64) -> String {
    let ms = micros / 1000.0;
    if ms >= 10_000.0 {
        format!("{:.0} s", ms / 1000.0)
    } else if ms >= 1000.0 {
        format!("{:.0} ms", ms)
    } else if ms >= 100.0 {
        format!("{:.1} ms", ms)
    } else if ms >= 10.0 {
        format!("{:.2} ms", ms)
    } else {
        format!("{:.3} ms", ms)
    }
}

/// `n` with a comma every three digits: `69,175,316`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (k, ch) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bar(label: &str, nodes: u64, time: Option<u64>) -> Bar {
        Bar {
            label: label.to_string(),
            nodes,
            finished: nodes < 1_000_000,
            time: time.map(Duration::from_micros),
        }
    }

    #[test]
    fn numbers_and_axis_labels_read_as_the_table_writes_them() {
        assert_eq!(grouped(69_175_316), "69,175,316");
        assert_eq!(grouped(64), "64");
        assert_eq!(count_name(0), "1");
        assert_eq!(count_name(4), "10k");
        assert_eq!(count_name(8), "100M");
        assert_eq!(time_name(52.0), "0.052 ms");
        assert_eq!(tick_time(-1), "0.1 \u{b5}s");
        assert_eq!(tick_time(2), "100 \u{b5}s");
        assert_eq!(tick_time(4), "10 ms");
        assert_eq!(tick_time(7), "10 s");
        assert_eq!(time_name(1_231_000.0), "1231 ms");
    }

    #[test]
    fn every_bar_is_drawn_and_labelled_with_its_number() {
        let groups = vec![
            Group {
                title: "puzzle 1".to_string(),
                bars: vec![
                    bar("bitmask", 69_175_316, Some(1_231_000)),
                    bar("engine", 64, Some(3)),
                ],
            },
            Group {
                title: "puzzle 2".to_string(),
                bars: vec![bar("bitmask", 200, Some(4)), bar("engine", 49, Some(2))],
            },
        ];
        let svg = chart(&groups, "study <x>");
        assert_eq!(svg.matches("<rect x=").count(), 4 + 4);
        assert!(svg.contains(">69,175,316 (limit)</text>"));
        assert!(svg.contains(">1231 ms</text>"));
        assert!(svg.contains(">puzzle 2</text>"));
        assert!(svg.contains(">study &lt;x&gt;</text>"));
        assert!(svg.contains(">100M</text>"));
        let untimed: Vec<Group> = groups
            .iter()
            .map(|g| Group {
                title: g.title.clone(),
                bars: g
                    .bars
                    .iter()
                    .map(|b| Bar {
                        time: None,
                        ..b.clone()
                    })
                    .collect(),
            })
            .collect();
        let svg = chart(&untimed, "t");
        assert_eq!(svg.matches("<rect x=").count(), 4);
        assert!(!svg.contains("time per run"));
    }
}
