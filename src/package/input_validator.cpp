// Input validator of a Sudoku problem packed by sudoku-kit (`sudoku package`).
//
// Kattis interface: `input_validator [FLAGS] < INPUT`; exit 42 when INPUT is
// one the statement promises, 43 (the reason on stderr) otherwise.
// Standard C++ only, one file, so that every contest system builds it.
//
// FLAGS are `key=value` words (data/testdata.yaml's `input_validator_flags`),
// a space in a value written %20 and a percent sign %25:
//   max_bytes=N     the largest input
//   board=text|chars|spaced
//                   text: the input is only checked as text (the problem's
//                   own format); chars: a board is N*N one-character
//                   cells, whitespace aside (digits, line); spaced: N*N
//                   numbers separated by whitespace
//   size=N          the board's side (cases=size: from each board's line)
//   box=RxC         the boxes (default: from the side)
//   x=1             both main diagonals hold every value too
//   cases=one|count|eof|end|size|auto
//                   one: exactly one board; count: a first line T, then T
//                   boards; end: boards, then a line `end` (or the end); size: per
//                   board a line n, then an n*n by n*n board; else boards
//                   to the end of the input
//   blank=C         one more blank character, besides 0 and .
//   separator=LINE  a line that may stand between two boards
//   clashes=no      no two givens clash in a row, column, box (diagonal)
//   solvable=yes    every board whose givens do not clash has a solution
//   unique=yes      every such board has exactly one solution
//   full=yes        every cell is given
//
// Every input must be text: printable ASCII, tabs and line feeds (a CR
// only before a line feed or at the end), not empty when it holds boards;
// spaces and tabs at the end of a line are dropped. The judge's own cases keep the
// line endings and blank lines a judge's input may have (CRLF, a missing
// final newline, blank lines between boards): the promises are about the
// boards, which the accepted programs read whatever the spacing.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

using namespace std;

[[noreturn]] static void reject(const string &why) {
    fprintf(stderr, "%s\n", why.c_str());
    exit(43);
}

static map<string, string> flags;

static string flag(const string &key, const string &fallback = "") {
    auto it = flags.find(key);
    return it == flags.end() ? fallback : it->second;
}

static string decode_flag(const string &s) {
    string out;
    for (size_t i = 0; i < s.size(); i++) {
        if (s[i] == '%' && i + 2 < s.size()) {
            out += (char)strtol(s.substr(i + 1, 2).c_str(), nullptr, 16);
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

static bool all_digits(const string &s) {
    if (s.empty() || s.size() > 9) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

// ------------------------------------------------------------ the board

// A board of side n with boxes of br rows by bc columns; 0 = blank.
struct Board {
    int n = 0, br = 0, bc = 0;
    vector<int> cells;
    vector<vector<int>> units;     // cell indices of every unit
    vector<vector<int>> unit_of;   // the units of each cell
};

static void shape(Board &b, int n) {
    b.n = n;
    int br = 0, bc = 0;
    string box = flag("box");
    if (!box.empty()) {
        br = atoi(box.c_str());
        size_t x = box.find('x');
        bc = x == string::npos ? 0 : atoi(box.c_str() + x + 1);
    }
    if (br * bc != n) {
        br = 1;
        while ((br + 1) * (br + 1) <= n) br++;
        while (n % br) br--;
        bc = n / br;
    }
    b.br = br;
    b.bc = bc;
    b.units.clear();
    for (int r = 0; r < n; r++) {
        vector<int> row, col, bx;
        for (int c = 0; c < n; c++) {
            row.push_back(r * n + c);
            col.push_back(c * n + r);
            int b0r = r / (n / bc) * br, b0c = r % (n / bc) * bc;
            bx.push_back((b0r + c / bc) * n + b0c + c % bc);
        }
        b.units.push_back(row);
        b.units.push_back(col);
        b.units.push_back(bx);
    }
    if (flag("x") == "1") {
        vector<int> d1, d2;
        for (int i = 0; i < n; i++) {
            d1.push_back(i * n + i);
            d2.push_back(i * n + n - 1 - i);
        }
        b.units.push_back(d1);
        b.units.push_back(d2);
    }
    b.unit_of.assign(n * n, {});
    for (size_t u = 0; u < b.units.size(); u++)
        for (int i : b.units[u]) b.unit_of[i].push_back((int)u);
}

// Solutions of `b`, counted up to `limit`: fewest candidates first, one
// bitmask of used values per unit.
struct Counter {
    const Board &b;
    vector<unsigned> used;
    vector<int> cells;
    long long count = 0, limit;

    Counter(const Board &board, long long lim) : b(board), used(board.units.size(), 0), cells(board.cells), limit(lim) {}

    unsigned free_of(int i) const {
        unsigned u = 0;
        for (int k : b.unit_of[i]) u |= used[k];
        unsigned all = b.n >= 32 ? ~0u : ((1u << b.n) - 1) << 1;
        return all & ~u;
    }

    void search() {
        int best = -1, best_count = 99;
        unsigned best_free = 0;
        for (int i = 0; i < (int)cells.size(); i++) {
            if (cells[i]) continue;
            unsigned f = free_of(i);
            int c = __builtin_popcount(f);
            if (c < best_count) {
                best = i;
                best_count = c;
                best_free = f;
                if (c <= 1) break;
            }
        }
        if (best < 0) {
            count++;
            return;
        }
        for (unsigned f = best_free; f && count < limit; f &= f - 1) {
            int v = __builtin_ctz(f);
            cells[best] = v;
            for (int k : b.unit_of[best]) used[k] ^= 1u << v;
            search();
            for (int k : b.unit_of[best]) used[k] ^= 1u << v;
            cells[best] = 0;
        }
    }
};

// The first clash of `b`'s givens, or "" when none.
static string first_clash(const Board &b) {
    for (size_t u = 0; u < b.units.size(); u++) {
        vector<bool> seen(b.n + 1, false);
        for (int i : b.units[u]) {
            int v = b.cells[i];
            if (!v) continue;
            if (seen[v]) return "the given " + to_string(v) + " repeats in a unit (r" + to_string(i / b.n + 1) + "c" + to_string(i % b.n + 1) + ")";
            seen[v] = true;
        }
    }
    return "";
}

static long long solutions(const Board &b, long long limit) {
    Counter c(b, limit);
    for (size_t u = 0; u < b.units.size(); u++)
        for (int i : b.units[u])
            if (b.cells[i]) c.used[u] |= 1u << b.cells[i];
    c.search();
    return c.count;
}

// ------------------------------------------------------------ reading

struct Reader {
    vector<string> lines;
    size_t at = 0;
    vector<string> pending;   // tokens of the line being read

    bool next_token(string &out, bool chars) {
        string separator = flag("separator");
        while (pending.empty()) {
            if (at >= lines.size()) return false;
            const string &line = lines[at++];
            if (!separator.empty() && line == separator) continue;
            if (flag("cases") == "end" && line == "end") {
                at--;
                return false;
            }
            string cur;
            for (char c : line) {
                if (c == ' ' || c == '\t') {
                    if (!cur.empty()) pending.push_back(cur);
                    cur.clear();
                } else if (chars) {
                    pending.push_back(string(1, c));
                } else {
                    cur += c;
                }
            }
            if (!cur.empty()) pending.push_back(cur);
            // reverse, so that back() is the next token
            for (size_t i = 0, j = pending.size(); i + 1 < j; i++, j--) swap(pending[i], pending[j - 1]);
        }
        out = pending.back();
        pending.pop_back();
        return true;
    }

    // The next non-blank line whole (for T, n and `end`); "" at the end.
    string next_line() {
        pending.clear();
        while (at < lines.size() && lines[at].find_first_not_of(" \t") == string::npos) at++;
        if (at >= lines.size()) return "";
        string line = lines[at++];
        size_t a = line.find_first_not_of(" \t"), z = line.find_last_not_of(" \t");
        return line.substr(a, z - a + 1);
    }

    bool only_blank_left() {
        if (!pending.empty()) return false;
        for (size_t i = at; i < lines.size(); i++)
            if (lines[i].find_first_not_of(" \t") != string::npos) return false;
        return true;
    }
};

static int value_of(const string &t, int n) {
    string blank = flag("blank");
    if (t == "." || t == blank) return 0;
    if (!all_digits(t)) return -1;
    int v = atoi(t.c_str());
    return v <= n ? v : -1;
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        string word = argv[i];
        size_t eq = word.find('=');
        if (eq != string::npos) flags[word.substr(0, eq)] = decode_flag(word.substr(eq + 1));
    }
    string text;
    char buf[65536];
    size_t got;
    size_t max_bytes = strtoull(flag("max_bytes", "16777216").c_str(), nullptr, 10);
    while ((got = fread(buf, 1, sizeof buf, stdin)) > 0) {
        text.append(buf, got);
        if (text.size() > max_bytes) reject("the input is over " + to_string(max_bytes) + " bytes");
    }
    string mode = flag("board", "text");
    if (text.empty() && mode != "text") reject("the input is empty");
    Reader reader;
    size_t start = 0, line_no = 1;
    for (size_t i = 0; i < text.size(); i++) {
        unsigned char c = text[i];
        bool ok = (c >= 32 && c < 127) || c == '\t' || c == '\n' || (c == '\r' && (i + 1 == text.size() || text[i + 1] == '\n'));
        if (!ok) reject("line " + to_string(line_no) + ": byte " + to_string((int)c) + " is not text");
        if (c == '\n') {
            string line = text.substr(start, i - start);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.pop_back();
            reader.lines.push_back(line);
            start = i + 1;
            line_no++;
        }
    }
    if (start < text.size()) {
        string line = text.substr(start);
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
        reader.lines.push_back(line);
    }
    if (mode == "text") return 42;

    string cases = flag("cases", "auto");
    bool chars = mode == "chars";
    long long expected = -1;
    if (cases == "one") expected = 1;
    if (cases == "count") {
        string t = reader.next_line();
        if (!all_digits(t)) reject("the first line should be the number of boards, got `" + t.substr(0, 40) + "`");
        expected = atoll(t.c_str());
    }
    long long boards = 0;
    for (;;) {
        if (expected >= 0 && boards == expected) break;
        int n = atoi(flag("size", "9").c_str());
        if (cases == "size") {
            string t = reader.next_line();
            if (t.empty() && boards > 0 && expected < 0) break;
            if (!all_digits(t) || atoi(t.c_str()) < 1 || atoi(t.c_str()) > 5)
                reject("board " + to_string(boards + 1) + ": expected its box size n (1-5), got `" + t.substr(0, 40) + "`");
            n = atoi(t.c_str()) * atoi(t.c_str());
        } else if (expected < 0 && reader.only_blank_left()) {
            break;
        }
        Board b;
        shape(b, n);
        string token;
        for (int i = 0; i < n * n; i++) {
            if (!reader.next_token(token, chars)) {
                if (i == 0 && expected < 0 && cases != "size") goto done;
                reject("board " + to_string(boards + 1) + " ends after " + to_string(i) + " of its " + to_string(n * n) + " cells");
            }
            int v = value_of(token, n);
            if (v < 0) reject("board " + to_string(boards + 1) + ", cell " + to_string(i + 1) + ": `" + token.substr(0, 20) + "` is not a value 1-" + to_string(n) + " or a blank");
            b.cells.push_back(v);
        }
        if (!reader.pending.empty()) reject("board " + to_string(boards + 1) + ": text after its last cell on the same line");
        boards++;
        {
            string clash = first_clash(b);
            if (flag("full") == "yes")
                for (int i = 0; i < n * n; i++)
                    if (!b.cells[i]) reject("board " + to_string(boards) + ": cell " + to_string(i + 1) + " is blank");
            if (!clash.empty()) {
                if (flag("clashes") == "no") reject("board " + to_string(boards) + ": " + clash);
            } else if (flag("solvable") == "yes" || flag("unique") == "yes") {
                long long s = solutions(b, 2);
                if (s == 0 && flag("solvable") == "yes") reject("board " + to_string(boards) + " has no solution");
                if (s > 1 && flag("unique") == "yes") reject("board " + to_string(boards) + " has several solutions");
            }
        }
    }
done:
    if (cases == "end") {
        string t = reader.next_line();
        if (t != "end" && !t.empty()) reject("expected the line `end` after the boards");
    }
    if (!reader.only_blank_left()) reject("text after the last board, line " + to_string(reader.at + 1));
    if (boards == 0 && expected != 0) reject("no board");
    return 42;
}
