#!/usr/bin/env python3
"""Minimal LPD (RFC 1179) gateway for the donation intake label printers.

The old intake tablets can only print over LPD on port 515. This service
accepts "receive a printer job" requests, stores the data file in the spool
directory, and the label agent picks it up from there. Port 515 needs root
to bind, so the process binds first and then switches to the unprivileged
service account given in the config.

    lpd_label_gateway.py [--config gateway.toml]
"""
import argparse
import grp
import logging
import os
import pwd
import socketserver
import sys
import time
import tomllib
from pathlib import Path

log = logging.getLogger("lpd-gateway")

DEFAULT_CONFIG = {
    "listen": "0.0.0.0",
    "port": 515,
    "run_as": "lp",
    "spool": "spool",
    "queues": ["intake", "labels"],
}


def read_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).exists():
        with open(path, "rb") as fh:
            cfg.update(tomllib.load(fh))
    return cfg


def switch_account(username):
    """Give up root once the listening socket is open."""
    if os.getuid() != 0:
        log.info("not started as root; staying uid %d", os.getuid())
        return
    entry = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(sorted(set(groups + [entry.pw_gid])))
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ["HOME"] = entry.pw_dir
    log.info("now running as %s (uid=%d gid=%d)", username, entry.pw_uid, entry.pw_gid)


class LPDHandler(socketserver.StreamRequestHandler):
    ACK = b"\x00"
    NAK = b"\x01"

    def _line(self):
        return self.rfile.readline(1024).rstrip(b"\n")

    def handle(self):
        line = self._line()
        if not line:
            return
        cmd, rest = line[0], line[1:].decode("ascii", "replace")
        if cmd != 0x02:
            log.debug("unsupported LPD command %d from %s", cmd, self.client_address[0])
            self.wfile.write(self.NAK)
            return
        queue = rest.strip()
        if queue not in self.server.queues:
            log.warning("job for unknown queue %r from %s", queue, self.client_address[0])
            self.wfile.write(self.NAK)
            return
        self.wfile.write(self.ACK)
        self.receive_job(queue)

    def receive_job(self, queue):
        job_dir = self.server.spool / queue
        job_dir.mkdir(parents=True, exist_ok=True)
        while True:
            sub = self._line()
            if not sub:
                break
            kind = sub[0]
            try:
                count, name = sub[1:].decode("ascii").split(" ", 1)
                count = int(count)
            except ValueError:
                self.wfile.write(self.NAK)
                return
            if count > 10 * 1024 * 1024:
                self.wfile.write(self.NAK)
                return
            self.wfile.write(self.ACK)
            data = self.rfile.read(count)
            self.rfile.read(1)  # trailing NUL
            suffix = "ctl" if kind == 0x02 else "dat"
            target = job_dir / f"{int(time.time() * 1000)}_{Path(name).name}.{suffix}"
            target.write_bytes(data)
            self.wfile.write(self.ACK)
            log.info("queued %s (%d bytes) on %s", target.name, count, queue)


class Gateway(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, cfg):
        super().__init__((cfg["listen"], int(cfg["port"])), LPDHandler)
        self.spool = Path(cfg["spool"]).resolve()
        self.queues = set(cfg["queues"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="gateway.toml")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = read_config(args.config)
    try:
        server = Gateway(cfg)
    except PermissionError:
        log.error("cannot bind port %s; start as root or choose a port above 1024",
                  cfg["port"])
        return 1
    server.spool.mkdir(parents=True, exist_ok=True)
    spool_owner = pwd.getpwnam(cfg["run_as"]) if os.getuid() == 0 else None
    if spool_owner:
        os.chown(server.spool, spool_owner.pw_uid, spool_owner.pw_gid)
    switch_account(cfg["run_as"])
    log.info("LPD gateway listening on %s:%s", cfg["listen"], cfg["port"])
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
