/* Planted for tests/stress.rs: BOJ 2580 without the box rule. Rows and
 * columns are kept, the 3x3 boxes are forgotten, so the sample (nearly
 * full) passes and an emptier board gets a grid whose boxes repeat. */
#include <stdio.h>

static int g[81], rows[9], cols[9];

static int solve(int i) {
    while (i < 81 && g[i]) i++;
    if (i == 81) return 1;
    int r = i / 9, c = i % 9;
    for (int v = 1; v <= 9; v++) {
        int bit = 1 << v;
        if ((rows[r] | cols[c]) & bit) continue;
        g[i] = v; rows[r] ^= bit; cols[c] ^= bit;
        if (solve(i + 1)) return 1;
        g[i] = 0; rows[r] ^= bit; cols[c] ^= bit;
    }
    return 0;
}

int main(void) {
    for (int i = 0; i < 81; i++) {
        if (scanf("%d", &g[i]) != 1) return 1;
        if (g[i]) { rows[i / 9] |= 1 << g[i]; cols[i % 9] |= 1 << g[i]; }
    }
    solve(0);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            printf("%d%c", g[r * 9 + c], c == 8 ? '\n' : ' ');
    return 0;
}
