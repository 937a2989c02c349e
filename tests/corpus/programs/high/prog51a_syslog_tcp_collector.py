#!/usr/bin/env python3
"""Minimal RFC 6587 syslog-over-TCP collector built on asyncio streams.

It binds the standard port 514 while it still has the rights to, then sheds
them and keeps running as the unprivileged collector account. Messages are
appended to daily files in the spool directory.
"""
import argparse
import asyncio
import ctypes
import ctypes.util
import datetime as dt
import logging
import pwd
from pathlib import Path

log = logging.getLogger("collector")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what} failed")


def shed_rights(account: str) -> None:
    entry = pwd.getpwnam(account)
    groups = (ctypes.c_uint * 1)(entry.pw_gid)
    _check(_libc.setgroups(1, groups), "setgroups")
    _check(_libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
    _check(_libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")
    log.info("now running as %s (uid=%d)", account, entry.pw_uid)


class Spool:
    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)
        self._lock = asyncio.Lock()

    async def append(self, peer: str, line: str) -> None:
        day = dt.date.today().isoformat()
        async with self._lock:
            with open(self.root / f"syslog-{day}.log", "a", encoding="utf-8") as fh:
                fh.write(f"{dt.datetime.now().isoformat()} {peer} {line}\n")


async def read_frames(reader: asyncio.StreamReader):
    """Yield messages using octet counting, falling back to LF framing."""
    while not reader.at_eof():
        head = await reader.readuntil(b" ")
        if head[:-1].isdigit():
            yield (await reader.readexactly(int(head[:-1]))).decode(errors="replace")
        else:
            rest = await reader.readline()
            yield (head + rest).decode(errors="replace").rstrip("\n")


def make_handler(spool: Spool):
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        peer = "%s:%d" % writer.get_extra_info("peername")[:2]
        count = 0
        try:
            async for msg in read_frames(reader):
                await spool.append(peer, msg)
                count += 1
        except (asyncio.IncompleteReadError, ConnectionResetError):
            pass
        finally:
            writer.close()
            log.debug("%s disconnected after %d messages", peer, count)
    return handle


async def main_async(args) -> None:
    spool = Spool(Path(args.spool))
    server = await asyncio.start_server(make_handler(spool), args.bind, args.port)
    shed_rights(args.user)
    log.info("listening on %s:%d", args.bind, args.port)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=514)
    ap.add_argument("--user", default="syslogc")
    ap.add_argument("--spool", default="spool")
    logging.basicConfig(level=logging.INFO)
    asyncio.run(main_async(ap.parse_args()))
