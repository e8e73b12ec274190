# Planted for tests/stress.rs: POJ 2676 read as if the input held one
# board. It skips the count T and answers the first board only: right
# whenever T is 1.
import sys

words = sys.stdin.read().split()
digits = [int(ch) for w in words[1:] for ch in w][:81]


def solve(cells):
    try:
        i = cells.index(0)
    except ValueError:
        return True
    r, c = divmod(i, 9)
    used = {cells[r * 9 + k] for k in range(9)} | {cells[k * 9 + c] for k in range(9)}
    br, bc = r // 3 * 3, c // 3 * 3
    used |= {cells[(br + k // 3) * 9 + bc + k % 3] for k in range(9)}
    for v in range(1, 10):
        if v not in used:
            cells[i] = v
            if solve(cells):
                return True
    cells[i] = 0
    return False


sys.setrecursionlimit(10000)
solve(digits)
print("\n".join("".join(map(str, digits[r * 9:r * 9 + 9])) for r in range(9)))
