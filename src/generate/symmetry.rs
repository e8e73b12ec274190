//! The pattern of the givens: which cells are blanked together.
//!
//! A symmetry fits a shape when it maps the boxes onto boxes, so that the
//! pattern of givens looks symmetric against the box borders as printed.
//! A half turn (`rot180`) and a mirror across the middle column (`mirror`)
//! fit every R×C (bands map to bands, stacks to stacks). A quarter turn
//! (`rot90`) and the main diagonal (`diagonal`) turn R×C boxes into C×R
//! boxes, so they fit square boxes (2×2, 3×3, 4×4, 5×5) only.

use crate::board::grid::Grid;
use crate::board::shape::Shape;
use std::fmt;
use std::str::FromStr;

/// Which cells are blanked together, so the givens form a symmetric pattern.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Symmetry {
    /// Every cell on its own.
    None,
    /// A cell with its image under a half turn: r,c and N-1-r,N-1-c.
    Rot180,
    /// A cell with its images under quarter turns (groups of 4, a centre alone).
    Rot90,
    /// A cell with its mirror image across the middle column: r,c and r,N-1-c.
    Mirror,
    /// A cell with its mirror image across the main diagonal: r,c and c,r.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, in the order the help lists them.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// `none`, `rot180`, `rot90`, `mirror` or `diagonal`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// True when the symmetry maps the boxes of `shape` onto boxes: always
    /// for `none`, `rot180` and `mirror`; for `rot90` and `diagonal` only
    /// with square boxes.
    pub fn fits(self, shape: Shape) -> bool {
        match self {
            Symmetry::None | Symmetry::Rot180 | Symmetry::Mirror => true,
            Symmetry::Rot90 | Symmetry::Diagonal => shape.has_square_boxes(),
        }
    }

    /// The image of cell `i` of a `shape` board under the symmetry's
    /// generating map.
    pub fn image(self, shape: Shape, i: usize) -> usize {
        let n = shape.size();
        let (r, c) = (shape.row_of(i), shape.col_of(i));
        match self {
            Symmetry::None => i,
            Symmetry::Rot180 => n * n - 1 - i,
            Symmetry::Rot90 => c * n + (n - 1 - r),
            Symmetry::Mirror => r * n + (n - 1 - c),
            Symmetry::Diagonal => c * n + r,
        }
    }

    /// The cell groups (orbits) of the symmetry on `shape`, each ascending,
    /// ordered by their first cell. Blanking whole groups keeps the pattern
    /// of givens symmetric.
    pub fn groups(self, shape: Shape) -> Vec<Vec<usize>> {
        let cells = shape.cell_count();
        let mut seen = vec![false; cells];
        let mut groups = Vec::new();
        for start in 0..cells {
            if seen[start] {
                continue;
            }
            let mut group = Vec::new();
            let mut i = start;
            while !seen[i] {
                seen[i] = true;
                group.push(i);
                i = self.image(shape, i);
            }
            group.sort_unstable();
            groups.push(group);
        }
        groups
    }

    /// True when the filled cells of `grid` form a pattern this symmetry
    /// maps onto itself.
    pub fn holds(self, grid: &Grid) -> bool {
        let shape = grid.shape();
        (0..shape.cell_count()).all(|i| (grid.get(i) == 0) == (grid.get(self.image(shape, i)) == 0))
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;

    /// Parses a symmetry name; the error lists the accepted names.
    fn from_str(s: &str) -> Result<Symmetry, String> {
        Symmetry::ALL
            .iter()
            .copied()
            .find(|m| m.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown symmetry `{}` (expected none, rot180, rot90, mirror or diagonal)",
                    s
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::shape::boxes;

    #[test]
    fn groups_partition_every_board() {
        for s in [Shape::CLASSIC, boxes(2, 3), boxes(4, 4), boxes(5, 5)] {
            for symmetry in Symmetry::ALL {
                let mut count = vec![0; s.cell_count()];
                for group in symmetry.groups(s) {
                    for i in group {
                        count[i] += 1;
                    }
                }
                assert!(count.iter().all(|&k| k == 1), "{} {}", s, symmetry);
            }
        }
    }

    #[test]
    fn group_sizes_follow_the_map() {
        let sizes = |symmetry: Symmetry| {
            let mut v: Vec<usize> = symmetry
                .groups(Shape::CLASSIC)
                .iter()
                .map(|g| g.len())
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        assert_eq!(sizes(Symmetry::None), vec![1]);
        assert_eq!(sizes(Symmetry::Rot180), vec![1, 2]);
        assert_eq!(sizes(Symmetry::Rot90), vec![1, 4]);
        assert_eq!(Symmetry::Mirror.groups(Shape::CLASSIC).len(), 9 + 36);
        assert_eq!(Symmetry::Diagonal.groups(Shape::CLASSIC).len(), 9 + 36);
        // 6x6 under a half turn: 18 pairs; 5x5 boards have a centre.
        assert_eq!(Symmetry::Rot180.groups(boxes(2, 3)).len(), 18);
        assert_eq!(Symmetry::Rot90.groups(boxes(1, 5)).len(), 7);
    }

    #[test]
    fn quarter_turns_and_diagonals_need_square_boxes() {
        assert!(!Symmetry::Rot90.fits(boxes(2, 3)));
        assert!(!Symmetry::Diagonal.fits(boxes(3, 4)));
        assert!(Symmetry::Diagonal.fits(boxes(4, 4)));
        assert!(Symmetry::Mirror.fits(boxes(1, 5)));
    }
}
