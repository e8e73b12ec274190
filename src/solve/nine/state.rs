//! The search state: a band word per digit and band (see the module
//! header of [`super`] for the layout), and the moves the search makes on
//! it from outside propagation: placing a digit, reading the solution
//! back (`givens.rs` makes the first state).

use crate::board::Board;

/// All 27 cells of a band word.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// The lanes that hold a digit, as a mask of lanes ([`super::lanes::Lanes::zeros`]).
pub(super) const DIGITS: u32 = 0x1ff;

/// One node of the search.
#[derive(Clone, Copy)]
pub(super) struct State {
    /// `bands[b][d]`: the cells of band `b` where digit `d + 1` may still
    /// go. Nine lanes, not sixteen: the state (120 bytes; 204 with
    /// sixteen lanes) is copied at every guess: at 120 bytes the portable
    /// path's compiler copies it with eight moves, at 204 it called
    /// `memcpy` (LLVM copies inline up to eight 16-byte stores).
    pub(super) bands: [[u32; 9]; 3],
    /// The cells of each band counted as open (more than one candidate)
    /// when the counted search last looked; only the counted search reads
    /// it (see `search`).
    pub(super) open: [u32; 3],
}

/// `PEERS[i][band]`: the cells of `band` that share a row, column or box
/// with cell `i` (not `i` itself).
const PEERS: [[u32; 3]; 81] = build_peers();

const fn build_peers() -> [[u32; 3]; 81] {
    let mut peers = [[0u32; 3]; 81];
    let mut i = 0;
    while i < 81 {
        let mut j = 0;
        while j < 81 {
            let same_row = i / 9 == j / 9;
            let same_col = i % 9 == j % 9;
            let same_box = i / 27 == j / 27 && i % 9 / 3 == j % 9 / 3;
            if i != j && (same_row || same_col || same_box) {
                peers[i][j / 27] |= 1 << (j % 27);
            }
            j += 1;
        }
        i += 1;
    }
    peers
}

impl State {
    /// Places digit `d` (0-based) on the cell at `bit` of `band`: the cell
    /// loses the other digits and its peers lose `d`. The caller checked
    /// that `d` may go there.
    pub(super) fn place(&mut self, d: usize, band: usize, bit: u32) {
        for (e, word) in self.bands[band].iter_mut().enumerate() {
            if e != d {
                *word &= !bit;
            }
        }
        let peers = &PEERS[band * 27 + bit.trailing_zeros() as usize];
        for (words, &peer) in self.bands.iter_mut().zip(peers) {
            words[d] &= !peer;
        }
    }

    /// Keeps only the cells of `mask` among digit `d`'s in `band`.
    pub(super) fn restrict(&mut self, d: usize, band: usize, mask: u32) {
        self.bands[band][d] &= mask;
    }

    /// The cells of each band with more than one candidate.
    pub(super) fn multi(&self) -> [u32; 3] {
        self.bands.map(|words| {
            let (mut once, mut twice) = (0, 0);
            for &w in &words {
                twice |= once & w;
                once |= w;
            }
            twice
        })
    }

    /// The grid, read from a solved state (each cell in one word).
    pub(super) fn board(&self) -> Board {
        let mut cells = [0u8; 81];
        for (b, words) in self.bands.iter().enumerate() {
            for (d, &word) in words.iter().enumerate() {
                let mut w = word;
                while w != 0 {
                    cells[b * 27 + w.trailing_zeros() as usize] = d as u8 + 1;
                    w &= w - 1;
                }
            }
        }
        Board(cells)
    }
}

/// How many cells `mask` (three band words) holds.
pub(super) fn cells(mask: &[u32; 3]) -> u64 {
    mask.iter().map(|w| u64::from(w.count_ones())).sum()
}
