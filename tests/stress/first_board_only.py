# Planted for tests/stress.rs: POJ 2676 read as if the input held one
# board. It skips the count T and answers the first board only: right
# (and quick: fewest candidates first, bitmasks) whenever T is 1.
import sys

words = sys.stdin.read().split()
cells = [int(ch) for w in words[1:] for ch in w][:81]
rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
for i, v in enumerate(cells):
    if v:
        bit = 1 << v
        rows[i // 9] |= bit
        cols[i % 9] |= bit
        boxes[i // 27 * 3 + i % 9 // 3] |= bit


def free(i):
    return ~(rows[i // 9] | cols[i % 9] | boxes[i // 27 * 3 + i % 9 // 3]) & 0x3FE


def solve(blanks):
    if not blanks:
        return True
    i = min(blanks, key=lambda j: bin(free(j)).count("1"))
    rest = [j for j in blanks if j != i]
    r, c, b = i // 9, i % 9, i // 27 * 3 + i % 9 // 3
    mask = free(i)
    for v in range(1, 10):
        bit = 1 << v
        if mask & bit:
            cells[i] = v
            rows[r] ^= bit
            cols[c] ^= bit
            boxes[b] ^= bit
            if solve(rest):
                return True
            rows[r] ^= bit
            cols[c] ^= bit
            boxes[b] ^= bit
    cells[i] = 0
    return False


sys.setrecursionlimit(10000)
solve([i for i in range(81) if cells[i] == 0])
print("\n".join("".join(map(str, cells[r * 9:r * 9 + 9])) for r in range(9)))
