/* Planted for tests/stress.rs: BOJ 2580 by the textbook backtracker. It
 * walks the blanks column by column, tries 1 to 9 in each, and rescans the row,
 * the column and the box for every try. Right on every board; passes the
 * sample; far too slow on a board made against that order. */
#include <stdio.h>

static int g[81];

static int ok(int i, int v) {
    int r = i / 9, c = i % 9, br = r / 3 * 3, bc = c / 3 * 3;
    for (int k = 0; k < 9; k++) {
        if (g[r * 9 + k] == v || g[k * 9 + c] == v) return 0;
        if (g[(br + k / 3) * 9 + bc + k % 3] == v) return 0;
    }
    return 1;
}

static int cell(int k) { return k % 9 * 9 + k / 9; }

static int solve(int k) {
    while (k < 81 && g[cell(k)]) k++;
    if (k == 81) return 1;
    int i = cell(k);
    for (int v = 1; v <= 9; v++) {
        if (ok(i, v)) {
            g[i] = v;
            if (solve(k + 1)) return 1;
            g[i] = 0;
        }
    }
    return 0;
}

int main(void) {
    for (int i = 0; i < 81; i++)
        if (scanf("%d", &g[i]) != 1) return 1;
    solve(0);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            printf("%d%c", g[r * 9 + c], c == 8 ? '\n' : ' ');
    return 0;
}
