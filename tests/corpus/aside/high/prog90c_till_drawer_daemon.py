#!/usr/bin/env python3
"""Cash drawer daemon for the counter tills.

The tills on the shop floor send a one-line command when a cash sale is
completed ("OPEN <till-id> <sale-ref> <amount>").  This service logs the
event to ``drawer_events.csv`` for the end-of-day till reconciliation and
kicks the cash drawer attached to the receipt printer.

The old till software is hard-wired to port 515, so the daemon is started
by the service manager, binds the port, then runs as the ``till`` account.
"""
import argparse
import csv
import ctypes
import ctypes.util
import datetime as dt
import logging
import os
import pwd
import socket
import socketserver
import threading
from decimal import Decimal, InvalidOperation

log = logging.getLogger("drawer")

DRAWER_KICK = b"\x1bp\x00\x19\xfa"   # ESC p m t1 t2


class Config:
    listen_host = os.environ.get("DRAWER_LISTEN", "0.0.0.0")
    listen_port = int(os.environ.get("DRAWER_PORT", "515"))
    run_as = os.environ.get("DRAWER_USER", "till")
    printer = (os.environ.get("RECEIPT_PRINTER", "192.168.20.40"), 9100)
    events_file = "drawer_events.csv"
    allowed_tills = {"T1", "T2", "T3"}


class EventLog:
    _lock = threading.Lock()

    @classmethod
    def append(cls, till, ref, amount, peer):
        new = not os.path.exists(Config.events_file)
        with cls._lock, open(Config.events_file, "a", newline="") as fh:
            w = csv.writer(fh)
            if new:
                w.writerow(["time", "till", "sale_ref", "amount", "peer"])
            w.writerow([dt.datetime.now().isoformat(timespec="seconds"),
                        till, ref, amount, peer])


def kick_drawer():
    with socket.create_connection(Config.printer, timeout=5) as s:
        s.sendall(DRAWER_KICK)


def switch_account(name):
    """Move the process onto the service account after binding."""
    ent = pwd.getpwnam(name)
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    gid_list = (ctypes.c_uint * 1)(ent.pw_gid)
    steps = (
        ("setgroups", lambda: libc.setgroups(1, gid_list)),
        ("setresgid", lambda: libc.setresgid(ent.pw_gid, ent.pw_gid, ent.pw_gid)),
        ("setresuid", lambda: libc.setresuid(ent.pw_uid, ent.pw_uid, ent.pw_uid)),
    )
    for label, call in steps:
        if call() != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{label} failed: {os.strerror(err)}")
    os.chdir(ent.pw_dir)
    log.info("now running as %s (uid %d)", name, ent.pw_uid)


class DrawerHandler(socketserver.StreamRequestHandler):
    def handle(self):
        peer = self.client_address[0]
        line = self.rfile.readline(256).decode("ascii", "replace").strip()
        parts = line.split()
        if len(parts) != 4 or parts[0] != "OPEN":
            self.wfile.write(b"ERR syntax\n")
            return
        _, till, ref, amount = parts
        if till not in Config.allowed_tills:
            log.warning("unknown till %s from %s", till, peer)
            self.wfile.write(b"ERR till\n")
            return
        try:
            amount = Decimal(amount).quantize(Decimal("0.01"))
        except InvalidOperation:
            self.wfile.write(b"ERR amount\n")
            return
        EventLog.append(till, ref, amount, peer)
        try:
            kick_drawer()
            self.wfile.write(b"OK\n")
            log.info("%s opened drawer for %s (%s)", till, ref, amount)
        except OSError as exc:
            log.error("printer unreachable: %s", exc)
            self.wfile.write(b"ERR printer\n")


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=Config.listen_port)
    ap.add_argument("--events", default=Config.events_file)
    ap.add_argument("--user", default=Config.run_as)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    Config.events_file = args.events
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    srv = Server((Config.listen_host, args.port), DrawerHandler)
    log.info("listening on %s:%d", Config.listen_host, args.port)
    if os.geteuid() == 0 or args.user != pwd.getpwuid(os.getuid()).pw_name:
        switch_account(args.user)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()


if __name__ == "__main__":
    main()
