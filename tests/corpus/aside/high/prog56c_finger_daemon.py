#!/usr/bin/env python3
"""Minimal finger-style status daemon (RFC 1288 subset). Binds the
privileged port as root, then drops to an unprivileged account to serve."""
import argparse
import asyncio
import grp
import logging
import os
import pwd
import time
from pathlib import Path

log = logging.getLogger("fingerd")
PLAN_DIR = Path("plans")


def drop_privileges(user: str, group: str) -> None:
    if os.getuid() != 0:
        log.info("not root, keeping uid %d", os.getuid())
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o077)
    log.info("dropped privileges to %s:%s", user, group)


def lookup(query: str) -> str:
    query = query.strip()
    if not query:
        names = sorted(p.stem for p in PLAN_DIR.glob("*.plan"))
        return "Known users: " + (", ".join(names) or "(none)") + "\r\n"
    if not query.isalnum():
        return "Invalid query.\r\n"
    plan = PLAN_DIR / f"{query}.plan"
    if not plan.is_file():
        return f"No such user: {query}\r\n"
    text = plan.read_text(errors="replace")[:4000]
    return f"Login: {query}\r\nPlan:\r\n{text}\r\n"


async def handle(reader, writer):
    peer = writer.get_extra_info("peername")
    try:
        raw = await asyncio.wait_for(reader.readline(), timeout=10)
    except asyncio.TimeoutError:
        writer.close()
        return
    query = raw.decode("ascii", "replace").replace("/W", "")
    log.info("%s asked %r", peer[0] if peer else "?", query.strip())
    writer.write(lookup(query).encode("utf-8", "replace"))
    writer.write(f"-- served {time.strftime('%Y-%m-%d %H:%M:%S')}\r\n".encode())
    await writer.drain()
    writer.close()


async def serve(args):
    server = await asyncio.start_server(handle, args.bind, args.port)
    drop_privileges(args.user, args.group)
    log.info("fingerd on %s:%d", args.bind, args.port)
    async with server:
        await server.serve_forever()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=79)
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--group", default="nogroup")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        asyncio.run(serve(args))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
