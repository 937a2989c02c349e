// The classes the sixty-first round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog65_MANIFEST.tsv): web back ends, network operations,
// money and markets, school and office automation, packaging. Its aside
// scored 31/32 before any change; the classes below came from its tune part
// (64/68 before). Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A download written under a name from its index into a directory the code
// names in full (./.ext-cache/<name>) is what a later run of a file there runs.
TEST(SixtyFirstRoundClasses, ADownloadUnderARunTimeNameInTheCodesDirectoryIsWhatRunsThere) {
  const Case cases[] = {
      {"extensions downloaded into a cache and run from it", B,
       "import runpy\n"
       "from pathlib import Path\n"
       "import requests\n"
       "\n"
       "def download(entry):\n"
       "    name = Path(entry[\"name\"]).name\n"
       "    resp = requests.get(entry[\"url\"], timeout=10)\n"
       "    cache = Path(\"./.ext-cache\")\n"
       "    cache.mkdir(exist_ok=True)\n"
       "    dest = cache / name\n"
       "    dest.write_bytes(resp.content)\n"
       "    return dest\n"
       "\n"
       "for entry in requests.get(\"https://ext.example.net/index.json\", timeout=5).json():\n"
       "    path = download(entry)\n"
       "    ns = runpy.run_path(str(path), run_name=\"x\")\n",
       "REMOTE-CODE-EXECUTION"},
      {"data downloaded into a cache; local plugins run from elsewhere", M,
       "import json\n"
       "import runpy\n"
       "from pathlib import Path\n"
       "import requests\n"
       "\n"
       "def download(entry):\n"
       "    name = Path(entry[\"name\"]).name\n"
       "    resp = requests.get(entry[\"url\"], timeout=10)\n"
       "    cache = Path(\"./.data-cache\")\n"
       "    cache.mkdir(exist_ok=True)\n"
       "    dest = cache / name\n"
       "    dest.write_bytes(resp.content)\n"
       "    return dest\n"
       "\n"
       "for entry in requests.get(\"https://ext.example.net/index.json\", timeout=5).json():\n"
       "    path = download(entry)\n"
       "    rows = json.loads(path.read_text())\n"
       "    ns = runpy.run_path(str(Path(\"./plugins\") / entry[\"plugin\"]), run_name=\"x\")\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// An exception of the library model (autoescape on) holds only if it holds on
// every path: an unsafe default beside a setting read at run time stays unsafe.
TEST(SixtyFirstRoundClasses, AnExceptionHoldsOnlyOnEveryPath) {
  const Case cases[] = {
      {"autoescape off unless the command line turns it on", M,
       "import sys\n"
       "from jinja2 import Environment, FileSystemLoader\n"
       "flag = False\n"
       "if len(sys.argv) > 1:\n"
       "    flag = sys.argv[1] == \"on\"\n"
       "env = Environment(loader=FileSystemLoader(\"templates\"), autoescape=flag)\n"
       "print(env.get_template(\"letter.html\").render(name=\"x\"))\n",
       "TEMPLATE-AUTOESCAPE-OFF"},
      {"autoescape from the configuration, off where it is silent", M,
       "import configparser\n"
       "from jinja2 import Environment, FileSystemLoader\n"
       "\n"
       "cp = configparser.ConfigParser()\n"
       "cp.read(\"mail.ini\")\n"
       "env = Environment(loader=FileSystemLoader(\"templates\"), autoescape=cp.getboolean(\"smtp\", \"autoescape\", fallback=False))\n"
       "print(env.get_template(\"letter.html\").render(name=\"x\"))\n",
       "TEMPLATE-AUTOESCAPE-OFF"},
      {"autoescape on unless the command line turns it off", L,
       "import sys\n"
       "from jinja2 import Environment, FileSystemLoader\n"
       "flag = True\n"
       "if len(sys.argv) > 1:\n"
       "    flag = sys.argv[1] != \"off\"\n"
       "env = Environment(loader=FileSystemLoader(\"templates\"), autoescape=flag)\n"
       "print(env.get_template(\"letter.html\").render(name=\"x\"))\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// exec 9>FILE opens FILE for writing, as any redirection does: a lock at a
// fixed path under /tmp is the rubric's fixed temporary path.
TEST(SixtyFirstRoundClasses, ExecsRedirectionsOpenTheirFiles) {
  const Case cases[] = {
      {"a lock descriptor on a fixed /tmp path", M,
       "LOCK=/tmp/pypi-mirror-sync.lock\n"
       "exec 9>\"$LOCK\"\n"
       "flock -n 9 || exit 0\n"
       "echo hi\n",
       "INSECURE-TEMP-FILE", SH},
      {"a lock descriptor in the working directory", L,
       "exec 9>./sync.lock\n"
       "flock -n 9 || exit 0\n"
       "echo hi\n",
       nullptr, SH},
      {"all further output appended to a file under /etc", H,
       "exec >>/etc/motd\n"
       "echo hello\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
