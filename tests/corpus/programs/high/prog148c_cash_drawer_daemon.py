#!/usr/bin/env python3
"""Small daemon that pops the cash drawer when the till app asks it to.

The till app connects to localhost:515 and sends "OPEN <reason>". The drawer
is driven through the receipt printer's serial kick-out port. The daemon is
started as root by the till image, grabs the port and device, then switches
to the till account; if it has been started as the till account it tries to
regain the identity it needs first.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import socketserver

log = logging.getLogger("drawer")

KICK = bytes([0x1B, 0x70, 0x00, 0x19, 0xFA])   # ESC p 0 25 250
DEVICE = "/dev/" + "ttyUSB0"
PORT = 515

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _call(name, *args):
    fn = getattr(_libc, name)
    if fn(*args) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{name} failed: {os.strerror(err)}")


def regain_identity():
    """Get back to uid/gid 0 so the low port and device can be opened."""
    if os.geteuid() == 0:
        return
    try:
        _call("setresgid", 0, 0, 0)
        _call("setresuid", 0, 0, 0)
        log.info("running with uid 0")
    except OSError as exc:
        log.warning("could not regain identity: %s", exc)


def prepare_device(path, owner):
    pw = pwd.getpwnam(owner)
    os.chown(path, pw.pw_uid, grp.getgrnam("dialout").gr_gid)
    os.chmod(path, 0o660)


def drop_to(owner):
    pw = pwd.getpwnam(owner)
    os.setgroups([grp.getgrnam("dialout").gr_gid])
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    log.info("now running as %s", owner)


class Drawer:
    def __init__(self, path):
        self.fh = open(path, "wb", buffering=0)
        self.opens = 0

    def kick(self, reason):
        self.fh.write(KICK)
        self.opens += 1
        log.info("drawer opened (%s), total %d", reason, self.opens)


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        line = self.rfile.readline(256).decode("ascii", "replace").strip()
        if not line.startswith("OPEN"):
            self.wfile.write(b"ERR unknown command\n")
            return
        reason = line[4:].strip() or "sale"
        try:
            self.server.drawer.kick(reason)
            self.wfile.write(b"OK\n")
        except OSError as exc:
            log.error("kick failed: %s", exc)
            self.wfile.write(b"ERR device\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default="till")
    ap.add_argument("--device", default=DEVICE)
    ap.add_argument("--port", type=int, default=PORT)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    regain_identity()
    try:
        prepare_device(args.device, args.user)
    except (KeyError, OSError) as exc:
        log.error("device setup failed: %s", exc)
    server = socketserver.TCPServer(("127.0.0.1", args.port), Handler)
    server.drawer = Drawer(args.device)
    drop_to(args.user)
    log.info("listening on 127.0.0.1:%d", args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
