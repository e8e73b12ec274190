//! `sudoku judge` in its sandbox, against programs written the way an
//! attacker would: each attempt (write outside its folder, read a secret
//! in `$HOME` or the case's answer, reach a listener on 127.0.0.1, see
//! other processes, kill its parent, leave a daemon, start a thousand
//! processes, exhaust memory) must fail while the program gets its
//! ordinary verdict: AC when it also prints the right answer (a program
//! whose attempt worked prints `LEAKED ...` instead: WA), RE when it
//! crashes, MLE when it runs out of memory. After the judge, nothing of
//! theirs runs and nothing they wrote is outside their scratch folder.
//!
//! Each language is one `sudoku judge --submissions` of every attempt
//! (in parallel, as a teacher would judge a class). Without a working
//! `bwrap` the tests print a loud SKIPPED; under `CI=true` they fail.

use crate::common;

use common::{json_doc, sudoku, Dir, BOJ2239_OUT};
use std::net::TcpListener;
use std::path::{Path, PathBuf};

/// True when `sudoku judge --sandbox on` can sandbox here; otherwise a
/// loud SKIPPED line (a failure under `CI=true`).
fn sandbox_works(dir: &Dir) -> bool {
    let folder = dir.one_case();
    let out = sudoku()
        .args(["judge", "--sandbox", "on", "/bin/true"])
        .arg(&folder)
        .output()
        .expect("sudoku judge runs");
    let err = String::from_utf8_lossy(&out.stderr);
    if !err.contains("--sandbox on:") {
        return true;
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "the sandbox does not work: {}CI must install bubblewrap (.ci/run)",
        err
    );
    eprintln!("\n*** SKIPPED: no sandbox here ({}) ***\n", err.trim());
    false
}

/// Where the attempts aim, made by the test: the judge's working folder,
/// a `$HOME` with a secret, the case's answer, a listener, the marker
/// of the files and processes they leave.
struct Targets {
    caller: PathBuf,
    home: PathBuf,
    answer: PathBuf,
    port: u16,
    /// In every file name and process the attempts leave.
    marker: String,
}

impl Targets {
    fn new(dir: &Dir, folder: &Path, listener: &TcpListener, lang: &str) -> Targets {
        let caller = dir.path().join("caller");
        let home = dir.path().join("home");
        std::fs::create_dir_all(&caller).unwrap();
        std::fs::create_dir_all(&home).unwrap();
        std::fs::write(home.join("secret"), "the secret\n").unwrap();
        Targets {
            caller,
            home,
            answer: folder.join("test/one.out"),
            port: listener.local_addr().unwrap().port(),
            marker: format!("98763{}", if lang == "c" { 1 } else { 2 }),
        }
    }

    /// `/tmp/sudoku-sandbox-pwned-MARKER`.
    fn tmp_file(&self) -> PathBuf {
        PathBuf::from(format!("/tmp/sudoku-sandbox-pwned-{}", self.marker))
    }

    /// Judges every attempt in `submissions` with `HOME` and the working
    /// folder set; returns the JSON document.
    fn judge(&self, submissions: &Path, folder: &Path) -> String {
        let out = sudoku()
            .args(["judge", "--json", "--sandbox", "on", "--memory-limit", "64"])
            .args(["--time-limit", "10", "--submissions"])
            .arg(submissions)
            .arg(folder)
            .current_dir(&self.caller)
            .env("HOME", &self.home)
            .output()
            .expect("sudoku judge runs");
        let doc = json_doc(&out);
        assert_eq!(out.status.code(), Some(1), "{}", doc);
        doc
    }

    /// After the judge: nothing written outside the scratch folders,
    /// nothing of theirs running, no connection made.
    fn nothing_left(&self, listener: &TcpListener) {
        let in_caller: Vec<_> = std::fs::read_dir(&self.caller).unwrap().flatten().collect();
        assert!(
            in_caller.is_empty(),
            "written in the caller's folder: {:?}",
            in_caller
        );
        let in_home: Vec<String> = std::fs::read_dir(&self.home)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(in_home, vec!["secret".to_string()], "written in $HOME");
        assert!(!self.tmp_file().exists(), "written in /tmp");
        assert_eq!(survivors(&self.marker), Vec::<String>::new());
        listener.set_nonblocking(true).unwrap();
        assert!(listener.accept().is_err(), "a program reached 127.0.0.1");
    }
}

/// The processes alive whose command line contains `marker`.
fn survivors(marker: &str) -> Vec<String> {
    let mut alive = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let cmdline = std::fs::read(format!("/proc/{}/cmdline", name)).unwrap_or_default();
        if name.parse::<u32>().is_ok() && String::from_utf8_lossy(&cmdline).contains(marker) {
            alive.push(format!("{}: {}", name, String::from_utf8_lossy(&cmdline)));
        }
    }
    alive
}

/// The verdict of submission `name` in `doc`.
fn verdict_of<'a>(doc: &'a str, name: &str) -> &'a str {
    let line = doc
        .lines()
        .find(|l| l.contains(&format!("/{}\"", name)))
        .unwrap_or_else(|| panic!("no row for {} in {}", name, doc));
    let at = line.find("\"verdict\": \"").expect("a verdict") + 12;
    assert!(line.contains("\"sandboxed\": true"), "{}", line);
    &line[at..at + line[at..].find('"').unwrap()]
}

/// Every attempt with the verdict it must get.
const ATTEMPTS: [(&str, &str); 12] = [
    ("write_caller", "AC"),
    ("write_tmp", "AC"),
    ("write_home", "AC"),
    ("read_secret", "AC"),
    ("read_answer", "AC"),
    ("connect", "AC"),
    ("see_processes", "AC"),
    ("kill_parent", "AC"),
    ("daemon", "AC"),
    ("thousand", "AC"),
    ("memory", "MLE"),
    ("write_then_crash", "RE"),
];

/// The C attempts: `main` runs `attempt()` then prints the answer.
fn c_sources(t: &Targets) -> Vec<(&'static str, String)> {
    let answer = BOJ2239_OUT.replace('\n', "\\n");
    let head = format!(
        "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n\
         #include <signal.h>\n#include <dirent.h>\n#include <arpa/inet.h>\n\
         #include <sys/socket.h>\n\
         static void leak(const char *what) {{ printf(\"LEAKED %s\\n\", what); exit(0); }}\n\
         static void attempt(void);\n\
         int main(void) {{ attempt(); fputs(\"{}\", stdout); return 0; }}\n",
        answer
    );
    let bodies = [
        (
            "write_caller",
            format!(
                "FILE *f = fopen(\"{}/pwned\", \"w\"); if (f) fclose(f); f = fopen(\"pwned-too\", \"w\"); if (f) fclose(f);",
                t.caller.display()
            ),
        ),
        (
            "write_tmp",
            format!("FILE *f = fopen(\"{}\", \"w\"); if (f) fclose(f);", t.tmp_file().display()),
        ),
        (
            "write_home",
            format!("FILE *f = fopen(\"{}/pwned\", \"w\"); if (f) fclose(f);", t.home.display()),
        ),
        (
            "read_secret",
            format!("if (fopen(\"{}/secret\", \"r\")) leak(\"secret\");", t.home.display()),
        ),
        (
            "read_answer",
            format!("if (fopen(\"{}\", \"r\")) leak(\"answer\");", t.answer.display()),
        ),
        (
            "connect",
            format!(
                "struct sockaddr_in a; memset(&a, 0, sizeof a); a.sin_family = AF_INET; \
                 a.sin_port = htons({}); a.sin_addr.s_addr = htonl(0x7f000001); \
                 int s = socket(AF_INET, SOCK_STREAM, 0); \
                 if (s >= 0 && connect(s, (struct sockaddr *)&a, sizeof a) == 0) leak(\"connected\");",
                t.port
            ),
        ),
        (
            "see_processes",
            "DIR *d = opendir(\"/proc\"); struct dirent *e; int n = 0; char p[300], c[300]; \
             while (d && (e = readdir(d))) { if (e->d_name[0] < '0' || e->d_name[0] > '9') continue; n++; \
             snprintf(p, sizeof p, \"/proc/%s/cmdline\", e->d_name); FILE *f = fopen(p, \"r\"); \
             if (!f) continue; size_t k = fread(c, 1, sizeof c - 1, f); fclose(f); c[k] = 0; \
             char *b = strrchr(c, '/'); if (!strcmp(b ? b + 1 : c, \"sudoku\")) leak(\"the judge\"); } if (n > 4) leak(\"processes\");"
                .to_string(),
        ),
        (
            "kill_parent",
            "kill(getppid(), SIGKILL);".to_string(),
        ),
        (
            "daemon",
            format!(
                "if (fork() == 0) {{ setsid(); execl(\"/bin/sleep\", \"sleep\", \"{}\", (char *)0); _exit(0); }}",
                t.marker
            ),
        ),
        (
            "thousand",
            format!(
                "int n = 0; for (; n < 1000; n++) {{ pid_t p = fork(); if (p < 0) break; \
                 if (p == 0) {{ execl(\"/bin/sleep\", \"sleep\", \"{}\", (char *)0); _exit(0); }} }} \
                 if (n >= 1000) leak(\"a thousand processes\");",
                t.marker
            ),
        ),
        (
            "memory",
            "for (int i = 0; i < 1024; i++) { char *p = malloc(1 << 20); \
             if (!p) { fputs(\"out of memory\\n\", stderr); exit(1); } memset(p, 1, 1 << 20); } \
             leak(\"a gigabyte\");"
                .to_string(),
        ),
        (
            "write_then_crash",
            format!(
                "FILE *f = fopen(\"{}\", \"w\"); if (f) fclose(f); volatile int *z = 0; *z = 1;",
                t.tmp_file().display()
            ),
        ),
    ];
    bodies
        .into_iter()
        .map(|(name, body)| {
            (
                name,
                format!("{}static void attempt(void) {{ {} }}\n", head, body),
            )
        })
        .collect()
}

/// The Python attempts: `attempt()` then the answer.
fn python_sources(t: &Targets) -> Vec<(&'static str, String)> {
    let head = "import os, signal, socket, subprocess, sys\n\
                def leak(what):\n    print('LEAKED', what)\n    sys.exit(0)\n";
    let tail = format!("attempt()\nsys.stdout.write({:?})\n", BOJ2239_OUT);
    let tryopen = |path: String, mode: &str, then: &str| {
        format!(
            "    try:\n        open({:?}, {:?}).close()\n        {}\n    except OSError:\n        pass\n",
            path, mode, then
        )
    };
    let bodies = [
        (
            "write_caller",
            tryopen(format!("{}/pwned", t.caller.display()), "w", "pass")
                + &tryopen("pwned-too".to_string(), "w", "pass"),
        ),
        (
            "write_tmp",
            tryopen(t.tmp_file().display().to_string(), "w", "pass"),
        ),
        (
            "write_home",
            tryopen(format!("{}/pwned", t.home.display()), "w", "pass"),
        ),
        (
            "read_secret",
            tryopen(
                format!("{}/secret", t.home.display()),
                "r",
                "leak('secret')",
            ),
        ),
        (
            "read_answer",
            tryopen(t.answer.display().to_string(), "r", "leak('answer')"),
        ),
        (
            "connect",
            format!(
                "    try:\n        socket.create_connection(('127.0.0.1', {}), timeout=2)\n        \
                 leak('connected')\n    except OSError:\n        pass\n",
                t.port
            ),
        ),
        (
            "see_processes",
            "    pids = [p for p in os.listdir('/proc') if p.isdigit()]\n    \
             for p in pids:\n        try:\n            \
             argv0 = open('/proc/%s/cmdline' % p, 'rb').read().split(b'\\0')[0]\n            \
             if os.path.basename(argv0) == b'sudoku':\n                \
             leak('the judge')\n        except OSError:\n            pass\n    \
             if len(pids) > 4:\n        leak('processes')\n"
                .to_string(),
        ),
        (
            "kill_parent",
            "    for pid in (os.getppid(),):\n        try:\n            \
             os.kill(pid, signal.SIGKILL)\n        except OSError:\n            pass\n"
                .to_string(),
        ),
        (
            "daemon",
            format!(
                "    subprocess.Popen(['sleep', '{}'], start_new_session=True)\n",
                t.marker
            ),
        ),
        (
            "thousand",
            format!(
                "    n = 0\n    try:\n        while n < 1000:\n            \
                 subprocess.Popen(['sleep', '{}'])\n            n += 1\n    \
                 except OSError:\n        pass\n    if n >= 1000:\n        \
                 leak('a thousand processes')\n",
                t.marker
            ),
        ),
        (
            "memory",
            "    chunks = []\n    for i in range(1024):\n        \
             chunks.append(bytearray(1 << 20))\n    leak('a gigabyte')\n"
                .to_string(),
        ),
        (
            "write_then_crash",
            tryopen(t.tmp_file().display().to_string(), "w", "pass")
                + "    os.kill(os.getpid(), signal.SIGSEGV)\n",
        ),
    ];
    bodies
        .into_iter()
        .map(|(name, body)| (name, format!("{}def attempt():\n{}{}", head, body, tail)))
        .collect()
}

/// Writes the attempts of one language, judges them as one class, and
/// checks every verdict and what is left.
fn attempts(lang: &str, ext: &str) {
    let dir = Dir::new(&format!("attempts-{}", lang));
    if !sandbox_works(&dir) {
        return;
    }
    let folder = dir.one_case();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let targets = Targets::new(&dir, &folder, &listener, lang);
    let submissions = dir.path().join("submissions");
    std::fs::create_dir_all(&submissions).unwrap();
    let sources = if lang == "c" {
        c_sources(&targets)
    } else {
        python_sources(&targets)
    };
    for (name, text) in &sources {
        std::fs::write(submissions.join(format!("{}.{}", name, ext)), text).unwrap();
    }
    let doc = targets.judge(&submissions, &folder);
    for (name, expected) in ATTEMPTS {
        let file = format!("{}.{}", name, ext);
        assert_eq!(verdict_of(&doc, &file), expected, "{}: {}", file, doc);
    }
    targets.nothing_left(&listener);
}

#[test]
fn c_attempts_fail_and_each_program_gets_its_verdict() {
    attempts("c", "c");
}

#[test]
fn python_attempts_fail_and_each_program_gets_its_verdict() {
    attempts("python", "py");
}

#[test]
fn sandbox_on_without_bwrap_refuses_and_auto_warns_once() {
    let dir = Dir::new("no-bwrap");
    let folder = dir.one_case();
    // A PATH where neither bwrap nor setpriv is.
    let out = sudoku()
        .args(["judge", "--sandbox", "on", "/bin/cat"])
        .arg(&folder)
        .env("PATH", dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("sudoku judge: --sandbox on: "), "{}", err);
    assert!(err.contains("not found on PATH"), "{}", err);
    let out = sudoku()
        .args(["judge", "--json", "/bin/cat"])
        .arg(&folder)
        .env("PATH", dir.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.matches("warning: no sandbox").count(), 1, "{}", err);
    assert_eq!(err.lines().count(), 1, "{}", err);
    let doc = String::from_utf8_lossy(&out.stdout);
    assert!(doc.contains("\"sandboxed\": false"), "{}", doc);
}

#[test]
fn rows_and_json_say_whether_a_run_was_sandboxed() {
    let dir = Dir::new("says");
    if !sandbox_works(&dir) {
        return;
    }
    let folder = dir.one_case();
    let answer = dir.file("answer.txt", BOJ2239_OUT);
    let program = format!("cat {}", answer);
    for (mode, word, flag) in [("on", "sandboxed", "true"), ("off", "bare", "false")] {
        let out = sudoku()
            .args(["judge", "--sandbox", mode, &program])
            .arg(&folder)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{}", text);
        let row = text.lines().find(|l| l.starts_with("one ")).unwrap();
        assert!(row.ends_with(&format!(" MB  {}", word)), "{}", row);
        let out = sudoku()
            .args(["judge", "--json", "--sandbox", mode, &program])
            .arg(&folder)
            .output()
            .unwrap();
        let doc = String::from_utf8_lossy(&out.stdout);
        assert!(
            doc.contains(&format!("\"sandboxed\": {}}}", flag)),
            "{}",
            doc
        );
    }
    let out = sudoku()
        .args(["judge", "--sandbox", "maybe", &program])
        .arg(&folder)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected auto, on or off"));
}
