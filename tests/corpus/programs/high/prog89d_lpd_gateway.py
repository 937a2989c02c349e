#!/usr/bin/env python3
"""Minimal LPD (RFC 1179) receiver for the old price-tag label printers.

The legacy tagging stations only know how to print to an LPD queue. This
gateway accepts "receive job" requests on port 515, stores the control
and data files in the spool directory, and lets the label renderer pick
them up from there. It binds the port as root and then continues as the
unprivileged spool account.
"""
import argparse
import asyncio
import grp
import logging
import os
import pwd
import re
import socket
import sys
from pathlib import Path

log = logging.getLogger("lpd_gateway")

ACK, NAK = b"\x00", b"\x01"
SUBCMD_RE = re.compile(rb"^([\x02\x03])(\d+) (\S+)\n$")


def drop_privileges(user: str, group: str) -> None:
    if os.getuid() != 0:
        log.warning("not started as root; staying as uid %d", os.getuid())
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    os.setgroups([gid])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o027)
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s:%s", user, group)


class JobReceiver:
    def __init__(self, spool: Path, queues: set, max_bytes: int):
        self.spool = spool
        self.queues = queues
        self.max_bytes = max_bytes

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        try:
            line = await asyncio.wait_for(reader.readline(), 20)
            if not line or line[0] != 0x02:
                writer.write(NAK)
                return
            queue = line[1:].strip().decode(errors="replace")
            if queue not in self.queues:
                log.warning("%s asked for unknown queue %r", peer, queue)
                writer.write(NAK)
                return
            writer.write(ACK)
            await writer.drain()
            await self._receive_files(reader, writer, queue, peer)
        except (asyncio.TimeoutError, ConnectionError) as exc:
            log.warning("%s: connection dropped: %s", peer, exc)
        finally:
            writer.close()

    async def _receive_files(self, reader, writer, queue, peer) -> None:
        qdir = self.spool / queue
        qdir.mkdir(parents=True, exist_ok=True)
        while True:
            sub = await asyncio.wait_for(reader.readline(), 30)
            if not sub:
                return
            m = SUBCMD_RE.match(sub)
            if not m:
                writer.write(NAK)
                return
            kind, size, name = m.group(1), int(m.group(2)), m.group(3).decode()
            if size > self.max_bytes or "/" in name or name.startswith("."):
                writer.write(NAK)
                return
            writer.write(ACK)
            await writer.drain()
            body = await reader.readexactly(size)
            trailer = await reader.readexactly(1)
            if trailer != b"\x00":
                writer.write(NAK)
                return
            tmp = qdir / f".{name}.part"
            tmp.write_bytes(body)
            tmp.rename(qdir / name)
            writer.write(ACK)
            await writer.drain()
            log.info("%s queued %s file %s (%d bytes) on %s",
                     peer, "control" if kind == b"\x02" else "data", name, size, queue)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=515)
    ap.add_argument("--spool", type=Path, default=Path("spool"))
    ap.add_argument("--queue", action="append", default=None, help="accepted queue name (repeatable)")
    ap.add_argument("--user", default="lp")
    ap.add_argument("--group", default="lp")
    ap.add_argument("--max-kb", type=int, default=512)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.bind, args.port))
    except PermissionError:
        log.error("binding port %d needs root", args.port)
        return 1
    sock.listen(16)
    args.spool.mkdir(parents=True, exist_ok=True)
    drop_privileges(args.user, args.group)

    receiver = JobReceiver(args.spool.resolve(), set(args.queue or ["tags", "shelf"]), args.max_kb * 1024)

    async def serve() -> None:
        server = await asyncio.start_server(receiver.handle, sock=sock)
        log.info("LPD gateway on %s:%d, spool %s", args.bind, args.port, args.spool)
        async with server:
            await server.serve_forever()

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
