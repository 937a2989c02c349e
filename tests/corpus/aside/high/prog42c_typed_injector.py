#!/usr/bin/env python3
"""Tiny key-injection daemon for a Wayland text expander.

Started as root by the session helper: opens /dev/uinput, creates a virtual
keyboard, then permanently drops to the invoking user's uid/gid with libc
calls before accepting requests on a per-user Unix socket.  Each request is
a line of space-separated Linux key codes to tap.
"""
import argparse
import ctypes
import ctypes.util
import fcntl
import logging
import os
import pwd
import socket
import struct
import time

log = logging.getLogger("injector")
libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

UI_SET_EVBIT, UI_SET_KEYBIT = 0x40045564, 0x40045565
UI_DEV_CREATE, UI_DEV_DESTROY = 0x5501, 0x5502
EV_SYN, EV_KEY = 0x00, 0x01
EVENT_FMT = "llHHi"


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def drop_to(user: str) -> None:
    pw = pwd.getpwuid(int(user)) if user.isdigit() else pwd.getpwnam(user)
    groups = os.getgrouplist(pw.pw_name, pw.pw_gid)
    arr = (ctypes.c_uint * len(groups))(*groups)
    _check(libc.setgroups(len(groups), arr), "setgroups")
    _check(libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (uid %d)", pw.pw_name, os.getuid())


class VirtualKeyboard:
    def __init__(self, path="/dev/uinput", name=b"expander-virtual-kbd"):
        self.fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
        fcntl.ioctl(self.fd, UI_SET_EVBIT, EV_KEY)
        for code in range(1, 249):
            fcntl.ioctl(self.fd, UI_SET_KEYBIT, code)
        # legacy uinput_user_dev: name[80], id(4×u16), ff_effects_max, abs arrays
        dev = struct.pack("80sHHHHi", name, 0x06, 0x1, 0x1, 1, 0) + b"\0" * (4 * 64 * 4)
        os.write(self.fd, dev)
        fcntl.ioctl(self.fd, UI_DEV_CREATE)
        time.sleep(0.2)

    def _emit(self, etype: int, code: int, value: int) -> None:
        now = time.time()
        os.write(self.fd, struct.pack(EVENT_FMT, int(now), int(now % 1 * 1e6), etype, code, value))

    def tap(self, code: int, delay: float) -> None:
        for value in (1, 0):
            self._emit(EV_KEY, code, value)
            self._emit(EV_SYN, 0, 0)
            time.sleep(delay)

    def close(self) -> None:
        fcntl.ioctl(self.fd, UI_DEV_DESTROY)
        os.close(self.fd)


def serve(kbd: VirtualKeyboard, sock_path: str, delay: float) -> None:
    if os.path.exists(sock_path):
        os.unlink(sock_path)
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(sock_path)
    os.chmod(sock_path, 0o600)
    srv.listen(4)
    log.info("listening on %s", sock_path)
    while True:
        conn, _ = srv.accept()
        with conn, conn.makefile("r") as fh:
            for line in fh:
                try:
                    codes = [int(tok) for tok in line.split()]
                except ValueError:
                    conn.sendall(b"ERR bad code\n")
                    continue
                for code in codes:
                    if 0 < code < 249:
                        kbd.tap(code, delay)
                conn.sendall(b"OK\n")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--user", default=os.environ.get("SUDO_USER") or os.environ.get("PKEXEC_UID"))
    ap.add_argument("--delay", type=float, default=0.004)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="injector: %(message)s")
    if not args.user:
        raise SystemExit("--user is required")
    kbd = VirtualKeyboard()
    drop_to(args.user)
    runtime = os.environ.get("XDG_RUNTIME_DIR") or f"/run/user/{os.getuid()}"
    try:
        serve(kbd, os.path.join(runtime, "expander-inject.sock"), args.delay)
    finally:
        kbd.close()


if __name__ == "__main__":
    main()
