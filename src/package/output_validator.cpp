// Output validator of a Sudoku problem packed by sudoku-kit (`sudoku package`).
//
// Kattis interface: `output_validator INPUT JUDGE_ANSWER FEEDBACK_DIR [FLAGS] < TEAM_OUTPUT`;
// exit 42 accepted, 43 rejected, the reason in FEEDBACK_DIR/judgemessage.txt.
// Standard C++ only, one file, so that every contest system builds it.
//
// FLAGS are `key=value` words (problem.yaml's `validator_flags`), a space
// in a value written %20 and a percent sign %25:
//   answers=any|smallest|unique|count|classify   the rule (default any)
//   format=spaced|digits|line|js|euler           how a board is written
//   box=RxC        the boxes (default: from the board's size)
//   x=1            both main diagonals hold every value too (answers=any)
//   input=spaced|chars  INPUT's cells: numbers, or one character each (any)
//   cases=one|count|eof|end|size|auto             how INPUT frames its puzzles
//   blank=C        one more blank character of INPUT, besides 0 and .
//   header=LINE    the line before each answer, {} standing for its number
//   separator=LINE the line between two answers
//   no_solution= many_solutions= one_solution= illegal= not_minimal=
//                  the one-line answers the rule knows, {} = the number
//
// How an output is judged, as the kit's checker judges it. Lines: a CR
// before the LF and spaces and tabs at a line's end are dropped; a CR
// elsewhere is rejected; blank lines at the end do not count. Answers
// follow each other in INPUT's order, blank lines between two answers
// (not before the first, not inside one) allowed. Under `answers=any` a
// board must be laid out as the jury's (same lines, same separators
// between the cells), keep INPUT's givens and hold every value once in
// every row, column and box (and diagonal with x=1); a one-line answer
// must be the jury's line. Under every other rule there is one right
// answer, the jury's: each line must equal it (a number of solutions
// compared as a number).
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

using namespace std;

static string feedback_path;

[[noreturn]] static void verdict(bool accepted, const string &why) {
    if (!feedback_path.empty()) {
        FILE *f = fopen((feedback_path + "/judgemessage.txt").c_str(), "w");
        if (f) {
            fprintf(f, "%s\n", why.c_str());
            fclose(f);
        }
    }
    exit(accepted ? 42 : 43);
}

[[noreturn]] static void judge_error(const string &why) {
    fprintf(stderr, "judge error: %s\n", why.c_str());
    exit(1);
}

static string read_all(FILE *f) {
    string text;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
    return text;
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

// A line for a message: quoted, cut at 40 characters, controls escaped.
static string show(const string &s) {
    string out = "\"";
    for (size_t i = 0; i < s.size() && i < 40; i++) {
        unsigned char c = s[i];
        if (c < 32 || c == 127) {
            char esc[8];
            snprintf(esc, sizeof esc, "\\x%02x", c);
            out += esc;
        } else {
            out += (char)c;
        }
    }
    if (s.size() > 40) out += "...";
    return out + "\"";
}

// The lines of a text as the kit reads them; `ok` false for a stray CR.
struct Text {
    vector<string> lines;
    bool ok = true;
    size_t bad_line = 0;
};

static Text split_lines(const string &text) {
    Text t;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == string::npos) end = text.size();
        string line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.pop_back();
        if (line.find('\r') != string::npos && t.ok) {
            t.ok = false;
            t.bad_line = t.lines.size() + 1;
        }
        t.lines.push_back(line);
        start = end + 1;
    }
    while (!t.lines.empty() && t.lines.back().empty()) t.lines.pop_back();
    return t;
}

static map<string, string> flags;

static string flag(const string &key, const string &fallback = "") {
    auto it = flags.find(key);
    return it == flags.end() ? fallback : it->second;
}

static string numbered(const string &pattern, size_t number) {
    size_t at = pattern.find("{}");
    if (at == string::npos) return pattern;
    return pattern.substr(0, at) + to_string(number) + pattern.substr(at + 2);
}

static bool all_digits(const string &s) {
    if (s.empty()) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

static string strip_zeros(const string &s) {
    size_t i = 0;
    while (i + 1 < s.size() && s[i] == '0') i++;
    return s.substr(i);
}

static vector<string> words(const string &line) {
    vector<string> out;
    string cur;
    for (char c : line) {
        if (c == ' ' || c == '\t') {
            if (!cur.empty()) out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

// The one-line answers of the rule for answer `number`.
static bool is_message(const string &line, size_t number) {
    const char *keys[] = {"no_solution", "many_solutions", "one_solution", "illegal", "not_minimal"};
    for (const char *key : keys) {
        string m = flag(key);
        if (!m.empty() && numbered(m, number) == line) return true;
    }
    return false;
}

// How many lines the board starting at `at` takes, in the jury's text.
static size_t board_height(const vector<string> &lines, size_t at) {
    string format = flag("format", "spaced");
    if (at >= lines.size()) return 1;
    if (format == "line") return 1;
    if (format == "spaced") return words(lines[at]).size();
    if (format == "euler") return at + 1 < lines.size() ? 1 + lines[at + 1].size() : 1;
    if (format == "js") {
        for (size_t i = at + 1; i < lines.size(); i++) {
            size_t k = lines[i].find_first_not_of(" \t");
            if (k != string::npos && lines[i][k] == ']') return i - at + 1;
        }
        return lines.size() - at;
    }
    return lines[at].size();
}

// One answer of the jury: where its header, separator and content lie.
struct Block {
    size_t first;          // first content line
    size_t count;          // content lines
    bool board;            // content is a board (under `any`: to check)
};

// Splits the jury's answer into its answers.
static vector<Block> jury_blocks(const vector<string> &lines) {
    string answers = flag("answers", "any");
    string header = flag("header"), separator = flag("separator");
    vector<Block> blocks;
    size_t at = 0;
    for (size_t number = 1;; number++) {
        while (at < lines.size() && lines[at].empty()) at++;
        if (number > 1 && !separator.empty() && at < lines.size() && lines[at] == separator) {
            at++;
            while (at < lines.size() && lines[at].empty()) at++;
        }
        if (at >= lines.size()) break;
        if (!header.empty()) {
            if (lines[at] != numbered(header, number)) judge_error("the jury's answer lacks header " + numbered(header, number));
            at++;
        }
        Block b{at, 1, false};
        if (at < lines.size()) {
            const string &line = lines[at];
            if (answers == "classify" || is_message(line, number)) {
            } else if (answers == "count") {
                if (strip_zeros(line) == "1") b.count = 1 + board_height(lines, at + 1);
            } else {
                b.board = true;
                b.count = board_height(lines, at);
            }
        }
        blocks.push_back(b);
        at = b.first + b.count;
    }
    return blocks;
}

// The givens of INPUT's puzzles, `cells` values each (0 = blank).
static vector<vector<int>> input_puzzles(const string &input, size_t cells) {
    string cases = flag("cases", "auto"), format = flag("input", "spaced"), blank = flag("blank");
    Text text = split_lines(input);
    size_t from = 0;
    if (cases == "count" || cases == "size") {
        while (from < text.lines.size() && text.lines[from].empty()) from++;
        from++;
    }
    vector<string> tokens;
    for (size_t i = from; i < text.lines.size(); i++) {
        const string &line = text.lines[i];
        if (cases == "end" && line == "end") break;
        if (!flag("separator").empty() && line == flag("separator")) continue;
        if (format == "spaced") {
            for (const string &w : words(line)) tokens.push_back(w);
        } else {
            for (char c : line)
                if (c != ' ' && c != '\t') tokens.push_back(string(1, c));
        }
    }
    vector<vector<int>> puzzles;
    for (size_t k = 0; k + cells <= tokens.size(); k += cells) {
        vector<int> p(cells);
        for (size_t i = 0; i < cells; i++) {
            const string &t = tokens[k + i];
            p[i] = all_digits(t) ? atoi(strip_zeros(t).c_str()) : 0;
            if (t == blank) p[i] = 0;
        }
        puzzles.push_back(p);
    }
    return puzzles;
}

// The values of a board's lines laid out as the jury's `want`: empty when
// the layout differs (the reason in `why`).
static vector<int> read_board(const vector<string> &got, const vector<string> &want, string &why) {
    string format = flag("format", "spaced");
    vector<int> cells;
    for (size_t i = 0; i < want.size(); i++) {
        const string &g = got[i], &w = want[i];
        if (format == "spaced") {
            vector<string> gw = words(g), ww = words(w);
            string joined;
            for (size_t k = 0; k < gw.size(); k++) joined += (k ? " " : "") + gw[k];
            if (gw.size() != ww.size() || joined != g) {
                why = "board line " + to_string(i + 1) + " is not " + to_string(ww.size()) +
                      " numbers separated by single spaces: " + show(g);
                return {};
            }
            for (const string &t : gw) {
                if (!all_digits(t) || t.size() > 2) {
                    why = "board line " + to_string(i + 1) + ": " + show(t) + " is not a value";
                    return {};
                }
                cells.push_back(atoi(t.c_str()));
            }
        } else {
            bool digit_cells = format != "euler" || i > 0;
            if (g.size() != w.size()) {
                why = "board line " + to_string(i + 1) + " should have " + to_string(w.size()) +
                      " characters: " + show(g);
                return {};
            }
            for (size_t k = 0; k < w.size(); k++) {
                bool cell = digit_cells && w[k] >= '0' && w[k] <= '9';
                if (cell && g[k] >= '0' && g[k] <= '9') {
                    cells.push_back(g[k] - '0');
                } else if (cell || g[k] != w[k]) {
                    why = "board line " + to_string(i + 1) + " differs from the jury's layout at column " +
                          to_string(k + 1) + ": " + show(g);
                    return {};
                }
            }
        }
    }
    return cells;
}

// Why `cells` is not a completion of `givens`, or "" when it is one.
static string why_not_solution(const vector<int> &cells, const vector<int> &givens) {
    size_t n = 0;
    while (n * n < cells.size()) n++;
    if (n * n != cells.size() || n == 0) return "the board is not square";
    size_t br = 0, bc = 0;
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
    for (size_t i = 0; i < cells.size(); i++) {
        string at = "r" + to_string(i / n + 1) + "c" + to_string(i % n + 1);
        if (cells[i] < 1 || cells[i] > (int)n) return at + " holds " + to_string(cells[i]) + ", not a value 1-" + to_string(n);
        if (i < givens.size() && givens[i] && givens[i] != cells[i])
            return at + " is a given " + to_string(givens[i]) + ", the output has " + to_string(cells[i]);
    }
    vector<vector<size_t>> units;
    for (size_t r = 0; r < n; r++) {
        vector<size_t> row, col, bx;
        for (size_t c = 0; c < n; c++) {
            row.push_back(r * n + c);
            col.push_back(c * n + r);
            size_t b0r = r / (n / bc) * br, b0c = r % (n / bc) * bc;
            bx.push_back((b0r + c / bc) * n + b0c + c % bc);
        }
        units.push_back(row);
        units.push_back(col);
        units.push_back(bx);
    }
    if (flag("x") == "1") {
        vector<size_t> d1, d2;
        for (size_t i = 0; i < n; i++) {
            d1.push_back(i * n + i);
            d2.push_back(i * n + n - 1 - i);
        }
        units.push_back(d1);
        units.push_back(d2);
    }
    const char *kinds[] = {"row", "column", "box"};
    for (size_t u = 0; u < units.size(); u++) {
        vector<bool> seen(n + 1, false);
        for (size_t i : units[u]) {
            if (seen[cells[i]]) {
                string kind = u < 3 * n ? string(kinds[u % 3]) + " " + to_string(u / 3 + 1) : "diagonal";
                return to_string(cells[i]) + " repeats in " + kind;
            }
            seen[cells[i]] = true;
        }
    }
    return "";
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s INPUT JUDGE_ANSWER FEEDBACK_DIR [FLAGS] < TEAM_OUTPUT\n", argv[0]);
        return 1;
    }
    feedback_path = argv[3];
    for (int i = 4; i < argc; i++) {
        string word = argv[i];
        size_t eq = word.find('=');
        if (eq == string::npos) judge_error("flag without = : " + word);
        flags[word.substr(0, eq)] = decode_flag(word.substr(eq + 1));
    }
    FILE *in = fopen(argv[1], "rb"), *ans = fopen(argv[2], "rb");
    if (!in || !ans) judge_error("cannot open INPUT or JUDGE_ANSWER");
    string input = read_all(in), answer = read_all(ans);
    fclose(in);
    fclose(ans);
    Text jury = split_lines(answer), team = split_lines(read_all(stdin));
    if (!team.ok) verdict(false, "line " + to_string(team.bad_line) + ": a carriage return inside the line");

    string answers = flag("answers", "any"), header = flag("header"), separator = flag("separator");
    vector<Block> blocks = jury_blocks(jury.lines);
    if (team.lines.empty() && !blocks.empty()) verdict(false, "empty output");
    vector<vector<int>> givens;
    if (answers == "any") {
        for (const Block &b : blocks) {
            if (!b.board) continue;
            vector<string> want(jury.lines.begin() + b.first, jury.lines.begin() + b.first + b.count);
            string why;
            vector<int> cells = read_board(want, want, why);
            givens = input_puzzles(input, cells.size());
            break;
        }
    }
    size_t at = 0;
    for (size_t k = 0; k < blocks.size(); k++) {
        const Block &b = blocks[k];
        size_t number = k + 1;
        string who = blocks.size() > 1 ? "answer " + to_string(number) + ": " : "";
        if (k > 0) {
            while (at < team.lines.size() && team.lines[at].empty()) at++;
            if (!separator.empty()) {
                if (at < team.lines.size() && team.lines[at] != separator)
                    verdict(false, "line " + to_string(at + 1) + ": expected the separator " + show(separator) +
                                       ", got " + show(team.lines[at]));
                at++;
                while (at < team.lines.size() && team.lines[at].empty()) at++;
            }
        }
        if (at >= team.lines.size())
            verdict(false, "answer " + to_string(number) + " is missing (" + to_string(k) + " of " +
                               to_string(blocks.size()) + " given)");
        if (!header.empty()) {
            if (team.lines[at] != numbered(header, number))
                verdict(false, "line " + to_string(at + 1) + ": expected " + show(numbered(header, number)) +
                                   ", got " + show(team.lines[at]));
            at++;
        }
        if (at + b.count > team.lines.size())
            verdict(false, who + "the output ends inside the answer");
        vector<string> want(jury.lines.begin() + b.first, jury.lines.begin() + b.first + b.count);
        vector<string> got(team.lines.begin() + at, team.lines.begin() + at + b.count);
        if (answers == "any" && b.board) {
            string why;
            vector<int> cells = read_board(got, want, why);
            if (cells.empty()) verdict(false, who + why + " (at line " + to_string(at + 1) + ")");
            vector<int> none;
            string wrong = why_not_solution(cells, k < givens.size() ? givens[k] : none);
            if (!wrong.empty()) verdict(false, who + wrong);
        } else {
            for (size_t i = 0; i < b.count; i++) {
                bool same = got[i] == want[i];
                if (!same && answers == "count" && i == 0 && all_digits(got[i]) && all_digits(want[i]))
                    same = strip_zeros(got[i]) == strip_zeros(want[i]);
                if (!same)
                    verdict(false, who + "line " + to_string(at + i + 1) + ": expected " + show(want[i]) + ", got " +
                                       show(got[i]));
            }
        }
        at += b.count;
    }
    while (at < team.lines.size() && team.lines[at].empty()) at++;
    if (at < team.lines.size())
        verdict(false, "line " + to_string(at + 1) + ": stray text after the last answer: " + show(team.lines[at]));
    verdict(true, "accepted");
}
