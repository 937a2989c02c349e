#!/usr/bin/env python3
"""berthsyncd - receive berth occupancy updates from the marina gate system.

The gate controller pushes one JSON line per event (boat in / boat out /
berth reassigned) over TLS to port 443 on the yard server; the gate firmware
cannot be pointed at another port. berthsyncd binds the port and loads the
certificate while it still has the rights to, then continues as the
unprivileged service account and appends events to the occupancy journal
that the booking sync reads.

Config (INI), default /etc/berthsync/berthsyncd.ini:

    [server]
    listen = 0.0.0.0
    port = 443
    cert = /etc/berthsync/tls/server.pem
    key = /etc/berthsync/tls/server.key
    user = berthsync
    journal = /srv/berthsync/occupancy.jsonl
"""
import argparse
import configparser
import grp
import json
import logging
import os
import pwd
import socketserver
import ssl
import sys
import threading
import time

log = logging.getLogger("berthsyncd")

VALID_EVENTS = {"arrive", "depart", "reassign"}


class GateHandler(socketserver.StreamRequestHandler):
    def handle(self):
        peer = self.client_address[0]
        for raw in self.rfile:
            try:
                event = json.loads(raw)
            except ValueError:
                log.warning("%s: unparsable line dropped", peer)
                continue
            if event.get("type") not in VALID_EVENTS or "berth" not in event:
                log.warning("%s: unexpected event %r", peer, event)
                continue
            event["received"] = time.time()
            event["gate"] = peer
            self.server.journal.append(event)
            self.wfile.write(b"ok\n")


class Journal:
    def __init__(self, path):
        self.path = path
        self.lock = threading.Lock()

    def append(self, event):
        line = json.dumps(event, separators=(",", ":")) + "\n"
        with self.lock, open(self.path, "a", encoding="utf-8") as fh:
            fh.write(line)


class GateServer(socketserver.ThreadingMixIn, socketserver.TCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, ctx, journal):
        super().__init__(addr, GateHandler, bind_and_activate=True)
        self.socket = ctx.wrap_socket(self.socket, server_side=True)
        self.journal = journal


def switch_user(name):
    """Continue as the service account once the port and key are held."""
    entry = pwd.getpwnam(name)
    supplementary = [g.gr_gid for g in grp.getgrall() if name in g.gr_mem]
    os.setgroups(supplementary)
    os.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid)
    os.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid)
    os.environ.update(HOME=entry.pw_dir, USER=name, LOGNAME=name)
    os.umask(0o027)
    log.info("running as %s (uid %d)", name, os.getuid())


def build_context(cert, key):
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(cert, key)
    return ctx


def main(argv=None):
    ap = argparse.ArgumentParser(description="marina gate event receiver")
    ap.add_argument("-c", "--config", default="/etc/berthsync/berthsyncd.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s berthsyncd[%(process)d] %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("cannot read %s", args.config)
        return 2
    srv = cfg["server"]
    try:
        ctx = build_context(srv["cert"], srv["key"])
        server = GateServer((srv.get("listen", "0.0.0.0"), srv.getint("port", 443)), ctx,
                            Journal(srv.get("journal", "/srv/berthsync/occupancy.jsonl")))
    except (OSError, ssl.SSLError, KeyError) as exc:
        log.error("startup failed: %s", exc)
        return 1

    if os.geteuid() == 0:
        try:
            switch_user(srv.get("user", "berthsync"))
        except (KeyError, PermissionError) as exc:
            log.error("cannot switch to service account: %s", exc)
            return 1
    else:
        log.warning("not started as root; continuing as uid %d", os.getuid())

    log.info("listening on %s:%s", *server.server_address[:2])
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
