#!/usr/bin/env python3
"""Low-interaction "shell" decoy for the exercise network.

Listens on all interfaces, presents a fake root prompt and answers a handful
of reconnaissance commands with canned output.  Nothing the visitor types is
executed; every line is recorded to ./fake-shell.jsonl for the blue team.
"""
import argparse
import asyncio
import json
import logging
import time
import uuid
from pathlib import Path

LOG = logging.getLogger("decoy-shell")

CANNED = {
    "id": "uid=0(root) gid=0(root) groups=0(root)",
    "whoami": "root",
    "uname": "Linux",
    "uname -a": "Linux db-backup-02 5.4.0-150-generic #167-Ubuntu SMP x86_64 GNU/Linux",
    "hostname": "db-backup-02",
    "pwd": "/root",
    "ls": "backup.sh  dumps  notes.txt",
    "cat notes.txt": "rotate creds on the replica before friday",
    "ps": "  PID TTY          TIME CMD\n 1841 pts/0    00:00:00 bash\n 1902 pts/0    00:00:00 ps",
}
BANNER = "Ubuntu 20.04.6 LTS\r\n\r\n"


class Recorder:
    def __init__(self, path: Path):
        self.path = path

    def write(self, **event):
        event["ts"] = time.time()
        with self.path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(event) + "\n")


def respond(line: str) -> str:
    cmd = " ".join(line.split())
    if not cmd:
        return ""
    if cmd in CANNED:
        return CANNED[cmd]
    first = cmd.split()[0]
    if first in ("cd", "export", "unset", "history"):
        return ""
    if first in ("wget", "curl"):
        return f"{first}: unable to resolve host address"
    if first in ("sudo", "su"):
        return ""
    return f"-bash: {first}: command not found"


class DecoyServer:
    def __init__(self, recorder: Recorder, idle_timeout: float, max_lines: int):
        self.recorder = recorder
        self.idle_timeout = idle_timeout
        self.max_lines = max_lines

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        peer = writer.get_extra_info("peername") or ("?", 0)
        sid = uuid.uuid4().hex[:12]
        self.recorder.write(event="connect", session=sid, src=peer[0], sport=peer[1])
        LOG.info("session %s from %s:%s", sid, *peer[:2])
        writer.write(BANNER.encode())
        lines = 0
        try:
            while lines < self.max_lines:
                writer.write(b"root@db-backup-02:~# ")
                await writer.drain()
                raw = await asyncio.wait_for(reader.readline(), timeout=self.idle_timeout)
                if not raw:
                    break
                line = raw.decode("utf-8", "replace").rstrip("\r\n")
                lines += 1
                self.recorder.write(event="input", session=sid, src=peer[0], line=line)
                if line.strip() in ("exit", "logout"):
                    break
                out = respond(line)
                if out:
                    writer.write(out.replace("\n", "\r\n").encode() + b"\r\n")
        except asyncio.TimeoutError:
            self.recorder.write(event="idle_timeout", session=sid, src=peer[0])
        except ConnectionError as exc:
            LOG.debug("session %s dropped: %s", sid, exc)
        finally:
            self.recorder.write(event="close", session=sid, src=peer[0], lines=lines)
            writer.close()


async def serve(host, port, server: DecoyServer):
    srv = await asyncio.start_server(server.handle, host, port)
    addrs = ", ".join(str(s.getsockname()) for s in srv.sockets)
    LOG.info("decoy listening on %s", addrs)
    async with srv:
        await srv.serve_forever()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=2323)
    ap.add_argument("--log-file", type=Path, default=Path("fake-shell.jsonl"))
    ap.add_argument("--idle-timeout", type=float, default=120.0)
    ap.add_argument("--max-lines", type=int, default=200)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    server = DecoyServer(Recorder(args.log_file), args.idle_timeout, args.max_lines)
    try:
        asyncio.run(serve(args.listen, args.port, server))
    except KeyboardInterrupt:
        LOG.info("stopped")


if __name__ == "__main__":
    main()
