// Insecure practices (MEDIUM) in spellings the library model lacked (issue 14,
// third round). Each mechanism with the attack it must catch and
// the look-alike that must stay at its level. Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {


TEST(RubricClasses, InsecurePracticeSpellings) {
  const Case cases[] = {
      {"requests session with verify off", M,
       "import requests\ns = requests.Session()\ns.verify = False\ns.get('https://intranet.example.com')\n",
       "TLS-VERIFICATION-OFF"},
      {"requests session verifying", L, "import requests\ns = requests.Session()\ns.verify = '/etc/ssl/ca.pem'\ns.get('https://x.example.com', timeout=5)\n"},
      {"urllib3 pool without certificate checks", M,
       "import urllib3\nhttp = urllib3.PoolManager(cert_reqs='CERT_NONE')\nhttp.request('GET', 'https://example.com')\n",
       "TLS-VERIFICATION-OFF"},
      {"urllib3 pool requiring certificates", L,
       "import urllib3\nhttp = urllib3.PoolManager(cert_reqs='CERT_REQUIRED')\nhttp.request('GET', 'https://example.com')\n"},
      {"wrap_socket with SSLv3", M, "import ssl, socket\nssl.wrap_socket(socket.socket(), ssl_version=ssl.PROTOCOL_SSLv3)\n",
       "WEAK-CRYPTO"},
      {"wrap_socket with CERT_NONE", M, "import ssl, socket\nssl.wrap_socket(socket.socket(), cert_reqs=ssl.CERT_NONE)\n",
       "TLS-VERIFICATION-OFF"},
      {"paramiko exec_command", M,
       "import paramiko\nc = paramiko.SSHClient()\nc.load_system_host_keys()\nc.connect('h')\nc.exec_command('uptime')\n",
       "RUNS-PROCESS"},
      {"jwt without signature verification", M,
       "import jwt\ndef claims(tok):\n    return jwt.decode(tok, options={'verify_signature': False})\n",
       "SIGNATURE-VERIFICATION-OFF"},
      {"jwt verified", L, "import jwt\ndef claims(tok, key):\n    return jwt.decode(tok, key, algorithms=['HS256'])\n"},
      {"Django RawSQL built by formatting", M,
       "from django.db.models.expressions import RawSQL\ndef annotate(qs, col):\n    return qs.annotate(v=RawSQL(f'SELECT {col} FROM t', []))\n",
       "SQL-INJECTION"},
      {"md5 of a parameter named pw", M,
       "import hashlib\ndef store(user, pw):\n    return hashlib.md5(pw.encode()).hexdigest()\n", "WEAK-CRYPTO"},
      {"md5 of a file's content for a cache key", L,
       "import hashlib\ndef key(path):\n    return hashlib.md5(open(path, 'rb').read()).hexdigest()\n"},
  };
  for (const auto& c : cases) check(c);
}

TEST(RubricClasses, MoreFrameworkSpellings) {
  const Case cases[] = {
      {"aiohttp app on 0.0.0.0", M, "from aiohttp import web\napp = web.Application()\nweb.run_app(app, host='0.0.0.0', port=8080)\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"tornado listening without an address", M,
       "import tornado.web\napp = tornado.web.Application([])\napp.listen(8888)\n", "LISTENS-ON-ALL-INTERFACES"},
      {"tornado listening on loopback", L,
       "import tornado.web\napp = tornado.web.Application([])\napp.listen(8888, address='127.0.0.1')\n"},
      {"aiohttp connector without TLS checks", M,
       "import aiohttp\nasync def f():\n    c = aiohttp.TCPConnector(ssl=False)\n    async with aiohttp.ClientSession(connector=c) as s:\n"
       "        await s.get('https://x.example.com')\n",
       "TLS-VERIFICATION-OFF"},
      {"Mako template", M, "from mako.template import Template\nprint(Template('hi ${n}').render(n=input()))\n",
       "TEMPLATE-AUTOESCAPE-OFF"},
      {"Mako template escaping", L,
       "from mako.template import Template\nprint(Template('hi ${n}', default_filters=['h']).render(n=input()))\n"},
      {"fixed name in gettempdir()", M,
       "import os, tempfile\nopen(os.path.join(tempfile.gettempdir(), 'report.csv'), 'w').write('a')\n", "INSECURE-TEMP-FILE"},
      {"mkdtemp under gettempdir()", L,
       "import os, tempfile\nd = tempfile.mkdtemp(dir=tempfile.gettempdir())\nopen(os.path.join(d, 'x'), 'w').write('1')\n"},
  };
  for (const auto& c : cases) check(c);
}

// Fifth round: asyncio servers on all interfaces, ruamel's unsafe loader.
TEST(RubricClasses, AsyncServersAndRuamel) {
  const Case cases[] = {
      {"asyncio.start_server on 0.0.0.0 (a host with no port in the target)", M,
       "import asyncio\nasync def h(r, w):\n    w.close()\nasync def main():\n"
       "    server = await asyncio.start_server(h, '0.0.0.0', 8888)\n    await server.serve_forever()\nasyncio.run(main())\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"asyncio.start_server on loopback", L,
       "import asyncio\nasync def h(r, w):\n    w.close()\nasync def main():\n"
       "    await asyncio.start_server(h, '127.0.0.1', 8888)\nasyncio.run(main())\n",
       nullptr},
      {"loop.create_server on 0.0.0.0", M,
       "import asyncio\nloop = asyncio.get_event_loop()\nloop.run_until_complete(loop.create_server(lambda: None, '0.0.0.0', 9000))\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"os.system through get_running_loop().run_in_executor", M,
       "import asyncio, os\nasync def main():\n    loop = asyncio.get_running_loop()\n"
       "    await loop.run_in_executor(None, os.system, 'uptime')\nasyncio.run(main())\n",
       "RUNS-PROCESS"},
      {"ruamel YAML(typ='unsafe')", M, "from ruamel.yaml import YAML\nd = YAML(typ='unsafe').load(open('c.yml'))\n",
       "UNSAFE-DESERIALIZATION"},
      {"ruamel YAML(typ='safe')", L, "from ruamel.yaml import YAML\nd = YAML(typ='safe').load(open('c.yml'))\n", nullptr},
  };
  for (const auto& c : cases) check(c);
}

// Fifth round: debug modes set through configuration, templates without
// escaping, a weak hash fed the secret later.
TEST(RubricClasses, DebugConfigTemplatesAndLateHashInput) {
  const Case cases[] = {
      {"app.config['DEBUG'] = True", M, "from flask import Flask\napp = Flask(__name__)\napp.config['DEBUG'] = True\napp.run()\n",
       "DEBUG-OR-FILE-SERVER"},
      {"app.config.update(DEBUG=True)", M, "from flask import Flask\napp = Flask(__name__)\napp.config.update(DEBUG=True)\n",
       "DEBUG-OR-FILE-SERVER"},
      {"app.config['JSON_SORT_KEYS'] = False", L,
       "from flask import Flask\napp = Flask(__name__)\napp.config['JSON_SORT_KEYS'] = False\n", nullptr},
      {"tornado Application(debug=True)", M, "import tornado.web\napp = tornado.web.Application([], debug=True)\n",
       "DEBUG-OR-FILE-SERVER"},
      {"FastAPI(debug=True)", M, "from fastapi import FastAPI\napp = FastAPI(debug=True)\n", "DEBUG-OR-FILE-SERVER"},
      {"jinja2.Template(autoescape=False)", M, "import jinja2\nt = jinja2.Template('<p>{{ n }}</p>', autoescape=False)\n",
       "TEMPLATE-AUTOESCAPE-OFF"},
      {"md5() then update(password)", M,
       "import hashlib\ndef store(password):\n    m = hashlib.md5()\n    m.update(password.encode())\n    return m.hexdigest()\n",
       "WEAK-CRYPTO"},
      {"md5() of file chunks (a checksum)", L,
       "import hashlib\nh = hashlib.md5()\nwith open('big.iso', 'rb') as f:\n    for chunk in iter(lambda: f.read(65536), b''):\n"
       "        h.update(chunk)\nprint(h.hexdigest())\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

TEST(RubricClasses, ExpatReaderParsers) {
  const Case cases[] = {
      {"xml.sax.expatreader.create_parser", M, "import xml.sax.expatreader as bad\np = bad.create_parser()\n", "XML-ENTITIES"},
      {"defusedxml's expatreader", L, "import defusedxml.expatreader as good\np = good.create_parser()\n", nullptr},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
