#!/usr/bin/env python3
"""Till receipt spooler.

Accepts LPD print jobs from the concession tills on the till VLAN and feeds
them to the kitchen-order printer attached to this box. Binds the LPD port
(515) at start-up, then continues as the unprivileged spooler account.

    till_printer_spooler.py --listen 10.30.0.5 --printer /dev/usb/lp0 --user tillspool
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import socket
import socketserver
import sys
import threading

log = logging.getLogger("till_spooler")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def become(user):
    """Switch the process to `user` (and only its primary group)."""
    pw = pwd.getpwnam(user)
    gid, uid = ctypes.c_uint(pw.pw_gid), ctypes.c_uint(pw.pw_uid)
    for fn, args in (("setgroups", (ctypes.c_size_t(1), ctypes.byref(gid))),
                     ("setresgid", (gid, gid, gid)),
                     ("setresuid", (uid, uid, uid))):
        if getattr(_libc, fn)(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{fn}: {os.strerror(err)}")
    os.environ["HOME"] = pw.pw_dir
    log.info("running as %s (%d:%d)", user, pw.pw_uid, pw.pw_gid)


class LPDHandler(socketserver.StreamRequestHandler):
    """Minimal RFC 1179 receiver: 0x02 receive job, then control/data subcommands."""

    printer_lock = threading.Lock()

    def ack(self):
        self.wfile.write(b"\0")

    def handle(self):
        peer = self.client_address[0]
        cmd = self.rfile.readline()
        if not cmd or cmd[0] != 0x02:
            log.debug("%s: unsupported command %r", peer, cmd[:1])
            self.wfile.write(b"\1")
            return
        self.ack()
        while True:
            sub = self.rfile.readline()
            if not sub:
                break
            kind, rest = sub[0], sub[1:].decode(errors="replace").split()
            size = int(rest[0])
            payload = self.rfile.read(size)
            self.rfile.read(1)
            self.ack()
            if kind == 0x03:
                self.server.print_raw(payload, peer)


class Spooler(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, printer):
        super().__init__(addr, LPDHandler)
        self.printer = printer
        self.jobs = 0

    def print_raw(self, data, peer):
        with LPDHandler.printer_lock:
            try:
                with open(self.printer, "wb", buffering=0) as dev:
                    dev.write(data)
                    dev.write(b"\x1dV\x42\x00")
                self.jobs += 1
                log.info("job %d from %s: %d bytes", self.jobs, peer, len(data))
            except OSError as exc:
                log.error("printer %s: %s", self.printer, exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description="LPD spooler for concession tills")
    ap.add_argument("--listen", default="10.30.0.5")
    ap.add_argument("--port", type=int, default=515)
    ap.add_argument("--printer", default="/dev/usb/lp0")
    ap.add_argument("--user", default="tillspool")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        server = Spooler((args.listen, args.port), args.printer)
    except OSError as exc:
        log.error("cannot bind %s:%d: %s", args.listen, args.port, exc)
        return 1
    if os.geteuid() == 0:
        try:
            become(args.user)
        except (KeyError, OSError) as exc:
            log.error("cannot switch to %s: %s", args.user, exc)
            return 1
    log.info("spooling %s:%d -> %s", args.listen, args.port, args.printer)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
