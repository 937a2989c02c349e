#!/usr/bin/env python3
"""LPD front-end for the warehouse box-label printers.

The old handheld scanners on the storage floor can only print via LPD
(RFC 1179, port 515).  This bridge accepts their jobs and drops the label
data into ./spool/<queue>/ where the label renderer picks them up.  Port 515
is privileged, so the bridge binds first and then continues as the
unprivileged account from the config.
"""
import argparse
import configparser
import grp
import logging
import os
import pwd
import socketserver
import sys
import time
from pathlib import Path

log = logging.getLogger("lpd-bridge")

DEFAULTS = {"listen": "0.0.0.0", "port": "515", "user": "lp", "spool": "spool",
            "queues": "labels,pallets"}


def load_config(path):
    cp = configparser.ConfigParser(defaults=DEFAULTS)
    cp.read(path)
    sec = cp["bridge"] if cp.has_section("bridge") else cp[cp.default_section]
    return {k: sec.get(k) for k in DEFAULTS}


def run_as(account):
    """Continue as `account` after the listening socket is open."""
    if os.getuid() != 0:
        return
    ent = pwd.getpwnam(account)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
    os.setgroups(groups)
    os.setgid(ent.pw_gid)
    os.setuid(ent.pw_uid)
    os.environ["HOME"] = ent.pw_dir
    log.info("now running as %s (uid=%d gid=%d)", account, ent.pw_uid, ent.pw_gid)


class LPDHandler(socketserver.StreamRequestHandler):
    ACK, NAK = b"\x00", b"\x01"

    def _line(self):
        return self.rfile.readline(1024).rstrip(b"\n")

    def handle(self):
        peer = self.client_address[0]
        cmd = self._line()
        if not cmd:
            return
        code, queue = cmd[0], cmd[1:].decode("ascii", "replace").strip()
        if code == 0x02:
            self._receive_job(peer, queue)
        elif code in (0x03, 0x04):
            self.wfile.write(f"{queue}: ready, spool={len(self._pending(queue))}\n".encode())
        else:
            log.debug("%s: unsupported command %#x", peer, code)
            self.wfile.write(self.NAK)

    def _pending(self, queue):
        d = Path(self.server.spool) / queue
        return list(d.glob("*.lbl")) if d.is_dir() else []

    def _receive_job(self, peer, queue):
        if queue not in self.server.queues:
            log.warning("%s: unknown queue %r", peer, queue)
            self.wfile.write(self.NAK)
            return
        self.wfile.write(self.ACK)
        qdir = Path(self.server.spool) / queue
        qdir.mkdir(parents=True, exist_ok=True)
        while True:
            sub = self._line()
            if not sub:
                break
            kind = sub[0]
            size_s, _, name = sub[1:].decode("ascii", "replace").partition(" ")
            size = int(size_s)
            self.wfile.write(self.ACK)
            data = self.rfile.read(size)
            self.rfile.read(1)  # trailing NUL
            safe = os.path.basename(name) or f"job{int(time.time())}"
            suffix = ".ctl" if kind == 0x02 else ".lbl"
            (qdir / (safe + suffix)).write_bytes(data)
            self.wfile.write(self.ACK)
            log.info("%s -> %s/%s%s (%d bytes)", peer, queue, safe, suffix, size)


class Bridge(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, spool, queues):
        super().__init__(addr, LPDHandler)
        self.spool = spool
        self.queues = queues


def main():
    ap = argparse.ArgumentParser(description="LPD bridge for label printers")
    ap.add_argument("--config", default="lpd_bridge.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    queues = {q.strip() for q in cfg["queues"].split(",") if q.strip()}
    spool = os.path.abspath(cfg["spool"])
    os.makedirs(spool, exist_ok=True)

    try:
        server = Bridge((cfg["listen"], int(cfg["port"])), spool, queues)
    except PermissionError:
        log.error("cannot bind port %s; start as root or pick a port above 1024", cfg["port"])
        return 1
    try:
        run_as(cfg["user"])
    except (KeyError, PermissionError) as exc:
        log.error("could not switch to %s: %s", cfg["user"], exc)
        return 1

    log.info("listening on %s:%s, queues=%s", cfg["listen"], cfg["port"], ",".join(sorted(queues)))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
