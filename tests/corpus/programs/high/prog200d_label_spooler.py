#!/usr/bin/env python3
"""Minimal label spooler for the upholstery workshop.

Listens on the classic printer port for fabric-roll labels sent by the
cutting table, and writes each job into the spool folder for the label
printer to pick up. Starts as root for the low port, then runs as the
printing account.
"""
import argparse
import asyncio
import grp
import logging
import os
import pwd
import sys
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("label-spooler")


@dataclass
class SpoolConfig:
    bind: str = os.environ.get("SPOOL_BIND", "127.0.0.1")
    port: int = int(os.environ.get("SPOOL_PORT", "515"))
    account: str = os.environ.get("SPOOL_ACCOUNT", "lp")
    spool_dir: Path = Path(os.environ.get("SPOOL_DIR", "./spool"))
    max_job: int = 256 * 1024


class Identity:
    """Switches the process over to the printing account."""

    steps = ("groups", "gid", "uid")

    def __init__(self, account):
        entry = pwd.getpwnam(account)
        self.uid, self.gid = entry.pw_uid, entry.pw_gid
        self.extra = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]

    def _call(self, which, *args):
        fn = getattr(os, "set" + which)
        fn(*args)
        log.debug("set%s%r", which, args)

    def assume(self):
        plan = {
            "groups": lambda: self._call("groups", self.extra or [self.gid]),
            "gid": lambda: self._call("gid", self.gid),
            "uid": lambda: self._call("uid", self.uid),
        }
        for step in self.steps:
            plan[step]()
        log.info("running as uid=%d gid=%d", os.getuid(), os.getgid())


def job_writer(cfg):
    counter = {"n": 0}

    async def handle(reader, writer):
        peer = writer.get_extra_info("peername")
        try:
            data = await asyncio.wait_for(reader.read(cfg.max_job), timeout=10)
        except asyncio.TimeoutError:
            log.warning("timeout from %s", peer)
            writer.close()
            return
        if data:
            counter["n"] += 1
            name = cfg.spool_dir / f"label-{int(time.time())}-{counter['n']:04d}.zpl"
            name.write_bytes(data)
            log.info("job %s (%d bytes) from %s", name.name, len(data), peer)
            writer.write(b"\x00")
            await writer.drain()
        writer.close()

    return handle


async def serve(cfg, identity):
    server = await asyncio.start_server(job_writer(cfg), cfg.bind, cfg.port)
    if identity is not None:
        identity.assume()
    async with server:
        log.info("listening on %s:%d", cfg.bind, cfg.port)
        await server.serve_forever()


def main(argv=None):
    p = argparse.ArgumentParser(description="Workshop label spooler")
    p.add_argument("--port", type=int)
    p.add_argument("--account")
    p.add_argument("--spool-dir")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = SpoolConfig()
    for attr in ("port", "account"):
        if getattr(args, attr):
            setattr(cfg, attr, getattr(args, attr))
    if args.spool_dir:
        cfg.spool_dir = Path(args.spool_dir)
    cfg.spool_dir.mkdir(parents=True, exist_ok=True)

    identity = None
    if os.geteuid() == 0:
        try:
            identity = Identity(cfg.account)
            os.chown(cfg.spool_dir, identity.uid, identity.gid)
        except KeyError:
            log.error("account %s does not exist", cfg.account)
            return 2
    try:
        asyncio.run(serve(cfg, identity))
    except PermissionError as exc:
        log.error("cannot bind port %d: %s", cfg.port, exc)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
