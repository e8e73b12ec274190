/* Planted for tests/stress.rs: BOJ 2580 with a table sized for "enough"
 * givens: a board with fewer than 12 givens writes past it and the
 * program aborts. Right and fast on every fuller board. */
#include <stdio.h>
#include <stdlib.h>

static int g[81], rows[9], cols[9], boxes[9];

/* The blank with the fewest candidates first: fast on every board. */
static int solve(void) {
    int i = -1, best = 10, free = 0;
    for (int k = 0; k < 81; k++) {
        if (g[k]) continue;
        int f = ~(rows[k / 9] | cols[k % 9] | boxes[k / 27 * 3 + k % 9 / 3]) & 0x3fe;
        int n = __builtin_popcount(f);
        if (n < best) { best = n; i = k; free = f; }
    }
    if (i < 0) return 1;
    int r = i / 9, c = i % 9, b = r / 3 * 3 + c / 3;
    for (int v = 1; v <= 9; v++) {
        int bit = 1 << v;
        if (!(free & bit)) continue;
        g[i] = v; rows[r] ^= bit; cols[c] ^= bit; boxes[b] ^= bit;
        if (solve()) return 1;
        g[i] = 0; rows[r] ^= bit; cols[c] ^= bit; boxes[b] ^= bit;
    }
    return 0;
}

int main(void) {
    int givens = 0;
    for (int i = 0; i < 81; i++) {
        if (scanf("%d", &g[i]) != 1) return 1;
        int v = g[i], bit = 1 << v, r = i / 9, c = i % 9;
        if (v) { givens++; rows[r] |= bit; cols[c] |= bit; boxes[r / 3 * 3 + c / 3] |= bit; }
    }
    if (givens < 12) abort(); /* the planted bug */
    solve();
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            printf("%d%c", g[r * 9 + c], c == 8 ? '\n' : ' ');
    return 0;
}
