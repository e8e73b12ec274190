/* Planted for tests/stress.rs: BOJ 2239 tried with digits 9 down to 1, so
 * it prints a completion, but the largest rather than the smallest: right
 * on every board with one solution, wrong on a board with several. */
#include <stdio.h>

static int g[81], rows[9], cols[9], boxes[9];

static int solve(int i) {
    while (i < 81 && g[i]) i++;
    if (i == 81) return 1;
    int r = i / 9, c = i % 9, b = r / 3 * 3 + c / 3;
    for (int v = 9; v >= 1; v--) {
        int bit = 1 << v;
        if ((rows[r] | cols[c] | boxes[b]) & bit) continue;
        g[i] = v; rows[r] ^= bit; cols[c] ^= bit; boxes[b] ^= bit;
        if (solve(i + 1)) return 1;
        g[i] = 0; rows[r] ^= bit; cols[c] ^= bit; boxes[b] ^= bit;
    }
    return 0;
}

int main(void) {
    char line[32];
    for (int r = 0; r < 9; r++) {
        if (scanf("%31s", line) != 1) return 1;
        for (int c = 0; c < 9; c++) {
            int v = line[c] - '0', bit = 1 << v;
            g[r * 9 + c] = v;
            if (v) { rows[r] |= bit; cols[c] |= bit; boxes[r / 3 * 3 + c / 3] |= bit; }
        }
    }
    solve(0);
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) putchar('0' + g[r * 9 + c]);
        putchar('\n');
    }
    return 0;
}
