#!/usr/bin/env python3
"""Small LPD front end for the depot job-sheet printer.

The engineers' old handheld terminals can only print over LPD (RFC 1179,
port 515). This accepts their jobs, stamps the van number on each sheet and
queues the text into ./spool/ where the depot print script picks it up.
Port 515 needs root to bind, so the relay starts as root and then runs as
the unprivileged account named in lpd_relay.ini.
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

log = logging.getLogger("lpd-relay")

ACK, NAK = b"\x00", b"\x01"


class Config:
    def __init__(self, path):
        cfg = configparser.ConfigParser()
        cfg.read_dict({"relay": {"listen": "0.0.0.0", "port": "515", "run_as": "lp",
                                 "spool": "spool", "queue": "jobsheets"}})
        cfg.read(path)
        r = cfg["relay"]
        self.listen = r.get("listen")
        self.port = r.getint("port")
        self.run_as = r.get("run_as")
        self.spool = Path(r.get("spool")).resolve()
        self.queue = r.get("queue")


def drop_to(account):
    """Give up root once the socket is bound."""
    if os.getuid() != 0:
        return
    pw = pwd.getpwnam(account)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (%d:%d)", account, pw.pw_uid, pw.pw_gid)


class LPDHandler(socketserver.StreamRequestHandler):
    def _line(self):
        return self.rfile.readline(1024).rstrip(b"\n")

    def handle(self):
        cmd = self._line()
        if not cmd:
            return
        op, queue = cmd[:1], cmd[1:].split(b" ")[0].decode(errors="replace")
        if op != b"\x02":
            log.info("%s: unsupported op %r", self.client_address[0], op)
            self.wfile.write(NAK)
            return
        if queue != self.server.conf.queue:
            log.warning("%s: unknown queue %s", self.client_address[0], queue)
            self.wfile.write(NAK)
            return
        self.wfile.write(ACK)
        control, data = {}, b""
        while True:
            sub = self._line()
            if not sub:
                break
            kind, rest = sub[:1], sub[1:].split(b" ", 1)
            size = int(rest[0])
            self.wfile.write(ACK)
            payload = self.rfile.read(size)
            self.rfile.read(1)
            self.wfile.write(ACK)
            if kind == b"\x02":
                for ln in payload.decode(errors="replace").splitlines():
                    if ln:
                        control[ln[0]] = ln[1:]
            elif kind == b"\x03":
                data = payload
        self.spool_job(control, data)

    def spool_job(self, control, data):
        host = control.get("H", self.client_address[0])
        user = control.get("P", "unknown")
        stamp = time.strftime("%Y%m%d-%H%M%S")
        header = f"Printed from {host} by {user} at {time.strftime('%H:%M %d/%m/%Y')}\n\n"
        out = self.server.conf.spool / f"{stamp}_{host}.txt"
        out.write_text(header + data.decode("cp437", errors="replace"))
        log.info("queued %s (%d bytes) from %s", out.name, len(data), host)


class Relay(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, conf):
        self.conf = conf
        super().__init__((conf.listen, conf.port), LPDHandler)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="lpd_relay.ini")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    conf = Config(args.config)
    conf.spool.mkdir(parents=True, exist_ok=True)
    try:
        server = Relay(conf)
    except PermissionError:
        log.error("cannot bind port %d: start as root or choose a port above 1023", conf.port)
        return 1
    if os.getuid() == 0:
        os.chown(conf.spool, pwd.getpwnam(conf.run_as).pw_uid, -1)
    drop_to(conf.run_as)
    log.info("listening on %s:%d for queue %s", conf.listen, conf.port, conf.queue)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
