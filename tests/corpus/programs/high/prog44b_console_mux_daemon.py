#!/usr/bin/env python3
"""Serial console multiplexer for the board farm.

Started by root at boot, it opens every USB-serial adapter listed in
consoles.toml, then permanently drops to the unprivileged 'farm' account
(keeping only the dialout group) before accepting client connections on a
local UNIX socket. Each client gets the byte stream of one console.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import selectors
import socket
import termios
import tomllib

log = logging.getLogger("console-mux")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def drop_privileges(user: str, keep_group: str = "dialout") -> None:
    pw = pwd.getpwnam(user)
    extra_gid = grp.getgrnam(keep_group).gr_gid
    os.setgroups([extra_gid])
    for fn, ids in ((_libc.setresgid, (pw.pw_gid,) * 3), (_libc.setresuid, (pw.pw_uid,) * 3)):
        if fn(*[ctypes.c_uint(i) for i in ids]) != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err))
    os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
    log.info("now running as uid=%d gid=%d groups=%s", os.getuid(), os.getgid(), os.getgroups())


def open_console(dev: str, baud: int) -> int:
    fd = os.open(dev, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    attrs = termios.tcgetattr(fd)
    speed = getattr(termios, f"B{baud}")
    attrs[0] = 0                                    # iflag
    attrs[1] = 0                                    # oflag
    attrs[2] = termios.CS8 | termios.CREAD | termios.CLOCAL
    attrs[3] = 0                                    # lflag: raw
    attrs[4] = attrs[5] = speed
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    return fd


def serve(consoles: dict[str, int], sock_path: str) -> None:
    if os.path.exists(sock_path):
        os.unlink(sock_path)
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(sock_path)
    srv.listen(16)
    sel = selectors.DefaultSelector()
    sel.register(srv, selectors.EVENT_READ, ("accept", None))
    for name, fd in consoles.items():
        sel.register(fd, selectors.EVENT_READ, ("console", name))
    clients: dict[str, list[socket.socket]] = {n: [] for n in consoles}
    while True:
        for key, _ in sel.select():
            kind, name = key.data
            if kind == "accept":
                conn, _ = srv.accept()
                wanted = conn.recv(64).decode().strip()
                if wanted in clients:
                    clients[wanted].append(conn)
                    log.info("client attached to %s", wanted)
                else:
                    conn.close()
            else:
                data = os.read(key.fd, 4096)
                for c in list(clients[name]):
                    try:
                        c.sendall(data)
                    except OSError:
                        clients[name].remove(c)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="consoles.toml")
    ap.add_argument("--user", default="farm")
    ap.add_argument("--socket", default="/run/console-mux/mux.sock")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    with open(args.config, "rb") as fh:
        cfg = tomllib.load(fh)
    consoles = {}
    for name, entry in cfg.get("console", {}).items():
        try:
            consoles[name] = open_console(entry["device"], int(entry.get("baud", 115200)))
        except OSError as exc:
            log.error("cannot open %s (%s): %s", name, entry.get("device"), exc)
    if not consoles:
        return 1
    if os.geteuid() == 0:
        drop_privileges(args.user)
    serve(consoles, args.socket)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
