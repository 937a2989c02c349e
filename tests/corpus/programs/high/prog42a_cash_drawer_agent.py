#!/usr/bin/env python3
"""Cash-drawer kick agent for a POS lane.

Started by the lane's init script as root so it can grab the serial port, it
then switches to the unprivileged 'posdrawer' account through libc and listens
on a local UNIX socket for "OPEN <lane>" requests from the POS front-end.
Each request writes the ESC/POS drawer-kick pulse straight to the device node.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import socket

DRAWER_KICK = b"\x1b\x70\x00\x19\xfa"  # ESC p m t1 t2
DEFAULT_DEVICE = "/dev/ttyUSB0"
SOCKET_PATH = "/run/posdrawer/drawer.sock"

log = logging.getLogger("drawer-agent")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(user: str, group: str):
    uid = pwd.getpwnam(user).pw_uid
    gid = grp.getgrnam(group).gr_gid
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(1, groups), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(uid, uid, uid), "setresuid")
    log.info("running as uid=%d gid=%d", os.getuid(), os.getgid())


class Drawer:
    def __init__(self, device: str):
        self.device = device
        self.fd = os.open(device, os.O_WRONLY | os.O_NOCTTY)

    def kick(self):
        written = os.write(self.fd, DRAWER_KICK)
        os.fsync(self.fd)
        return written == len(DRAWER_KICK)

    def close(self):
        os.close(self.fd)


def serve(drawer: Drawer, lane: str, path: str):
    if os.path.exists(path):
        os.unlink(path)
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(path)
    os.chmod(path, 0o660)
    srv.listen(4)
    log.info("listening on %s for lane %s", path, lane)
    while True:
        conn, _ = srv.accept()
        with conn:
            msg = conn.recv(64).decode("ascii", "ignore").strip().split()
            if len(msg) == 2 and msg[0] == "OPEN" and msg[1] == lane:
                ok = drawer.kick()
                conn.sendall(b"OK\n" if ok else b"ERR write\n")
                log.info("drawer opened for lane %s", lane)
            else:
                conn.sendall(b"ERR bad request\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lane", required=True)
    ap.add_argument("--device", default=DEFAULT_DEVICE)
    ap.add_argument("--user", default="posdrawer")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--socket", default=SOCKET_PATH)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    drawer = Drawer(args.device)
    os.makedirs(os.path.dirname(args.socket), exist_ok=True)
    if os.geteuid() == 0:
        switch_identity(args.user, args.group)
    try:
        serve(drawer, args.lane, args.socket)
    except KeyboardInterrupt:
        pass
    finally:
        drawer.close()


if __name__ == "__main__":
    main()
