// The classes the thirty-sixth session modelled (issue 14): misses in the
// tune part of the two-hundred-and-eleventh round onwards
// (tests/corpus/prog215_MANIFEST.tsv and later). Strings here are never executed.

#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// `curl ... | python3 - 3<&0 <<'PY'`: the grammar hangs the here-document on
// the pipeline, but it is the last command's standard input: the program is
// the here-document and the download only its descriptor 3.
TEST(TwoHundredAndEleventhRoundClasses, AHereDocumentAfterAPipeIsTheLastCommandsInput) {
  check_with_twin({"downloaded JSON read on descriptor 3 by a program in a here-document", L, R"sh(
curl -s https://x.example.com/a.json | python3 - 3<&0 <<'PY'
import json, os
print(len(json.load(os.fdopen(3))))
PY
)sh", nullptr, SH},
                  " 3<&0 <<'PY'", "", "the download itself run as the program", B);
}

// The same inside a function a pipe feeds: the here-document replaces the
// pipe as the program's input.
TEST(TwoHundredAndEleventhRoundClasses, AHereDocumentReplacesThePipeOfAFunction) {
  check_with_twin({"a function's program in a here-document, fed a download on descriptor 3", L, R"sh(
summarise() {
  python3 - 3<&0 <<'PY'
import json, os
print(len(json.load(os.fdopen(3))))
PY
}
curl -s https://x.example.com/a.json | summarise
)sh", nullptr, SH},
                  "python3 - 3<&0 <<'PY'", "python3 -\ncat <<'PY'", "the download run as the program",
                  B);
}

// textwrap.dedent of an indented script: the here-document's EOF is bare
// only once the indentation is gone, and the script is known text.
TEST(TwoHundredAndEleventhRoundClasses, DedentedScriptsAreKnownText) {
  check_with_twin({"a dedented script appending a hook to ~/.bashrc with a here-document", B, R"py(
import subprocess, textwrap
script = textwrap.dedent("""\
    cat >> "$HOME/.bashrc" <<EOF
    [ -x "$HOOK" ] && "$HOOK"
    EOF
    """)
subprocess.run(["bash", "-c", script])
)py", "PERSISTENCE"},
                  "$HOME/.bashrc", "./notes.txt", "a file of its own appended to", M);
}

// bash's `exec -a NAME CMD`: NAME is what the command is shown as, CMD the
// command (a miner started under a kernel thread's name).
TEST(TwoHundredAndEleventhRoundClasses, ExecDashAShowsTheCommandUnderAnotherName) {
  check_with_twin({"a miner started under a kernel thread's name", B, R"sh(
exec -a "[kworker/u8:2]" nohup nice -n 19 ~/.cache/xmrig --config c.json
)sh", "CRYPTO-MINER", SH},
                  "~/.cache/xmrig --config c.json", "./render --threads 4", "a renderer of its own", L);
}

}  // namespace
}  // namespace mai::assess::test
