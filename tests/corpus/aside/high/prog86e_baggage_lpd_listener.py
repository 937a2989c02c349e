#!/usr/bin/env python3
"""Bag tag LPD listener.

Older common-use check-in workstations can only print bag tags through
LPR/LPD.  This listener accepts LPD "receive job" requests on the
standard printer port, extracts the ZPL data file and drops it into the
spool directory watched by the counter print forwarder.

It has to start as root to bind port 515, then runs as the unprivileged
service account given in lpd.ini.
"""
import configparser
import grp
import logging
import os
import pwd
import socketserver
import sys
import time
from pathlib import Path

log = logging.getLogger("bagtag_lpd")

CONFIG = {
    "listen": "0.0.0.0",
    "port": "515",
    "run_as": "bagtag",
    "spool": "spool",
}


def load_config(path="lpd.ini"):
    cp = configparser.ConfigParser(defaults=CONFIG)
    cp.read(path)
    return cp["DEFAULT"] if not cp.has_section("lpd") else cp["lpd"]


def become(account):
    """Switch the process to the service account after the port is bound."""
    entry = pwd.getpwnam(account)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
    os.setgroups(groups)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ["HOME"] = entry.pw_dir
    os.umask(0o027)
    log.info("now running as %s (uid %d)", account, entry.pw_uid)


class LPDHandler(socketserver.StreamRequestHandler):
    spool_dir = Path("spool")

    def ack(self, ok=True):
        self.wfile.write(b"\x00" if ok else b"\x01")

    def read_line(self):
        return self.rfile.readline().rstrip(b"\n")

    def handle(self):
        peer = self.client_address[0]
        cmd = self.read_line()
        if not cmd or cmd[0] != 0x02:
            log.debug("%s: unsupported command %r", peer, cmd[:1])
            self.ack(False)
            return
        queue = cmd[1:].decode(errors="replace")
        self.ack()
        saved = 0
        while True:
            sub = self.read_line()
            if not sub:
                break
            code, rest = sub[0], sub[1:].decode(errors="replace")
            try:
                size, name = rest.split(" ", 1)
                size = int(size)
            except ValueError:
                self.ack(False)
                return
            self.ack()
            payload = self.rfile.read(size)
            self.rfile.read(1)  # trailing NUL
            self.ack()
            if code == 0x03:  # data file
                target = self.spool_dir / f"{queue}_{int(time.time() * 1000)}_{Path(name).name}.zpl"
                target.write_bytes(payload)
                saved += 1
        log.info("%s: queue %s, %d tag file(s) spooled", peer, queue, saved)


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(sys.argv[1] if len(sys.argv) > 1 else "lpd.ini")
    spool = Path(cfg["spool"]).resolve()
    spool.mkdir(parents=True, exist_ok=True)
    LPDHandler.spool_dir = spool

    try:
        server = Server((cfg["listen"], int(cfg["port"])), LPDHandler)
    except PermissionError:
        log.error("cannot bind port %s; start as root or use a port above 1024", cfg["port"])
        return 1

    if os.geteuid() == 0:
        try:
            os.chown(spool, pwd.getpwnam(cfg["run_as"]).pw_uid, -1)
            become(cfg["run_as"])
        except (KeyError, OSError) as exc:
            log.error("cannot switch to %s: %s", cfg["run_as"], exc)
            return 1

    log.info("LPD listener on %s:%s spooling to %s", cfg["listen"], cfg["port"], spool)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
