#!/usr/bin/env python3
"""Tiny finger-style status daemon for the lab: `finger @host` shows who's on call.

Binds the privileged port 79 on loopback (stunnel exposes it), then drops to an
unprivileged account using libc's setresgid/setresuid via ctypes.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import socket
from pathlib import Path

log = logging.getLogger("fingerd")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(ret: int, what: str) -> None:
    if ret != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def drop_privileges(username: str) -> None:
    entry = pwd.getpwnam(username)
    uid, gid = entry.pw_uid, entry.pw_gid
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(1, groups), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(uid, uid, uid), "setresuid")
    os.chdir(entry.pw_dir if os.path.isdir(entry.pw_dir) else "/")
    log.info("now running as %s (%d:%d)", username, os.getuid(), os.getgid())


def load_roster(path: Path) -> dict:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        log.warning("roster unavailable: %s", exc)
        return {}


def answer(query: str, roster: dict) -> str:
    query = query.strip().lstrip("/W").strip()
    if not query:
        lines = [f"{name:12} {info.get('role', ''):10} {info.get('phone', '')}"
                 for name, info in sorted(roster.items())]
        return "\r\n".join(["Login        Role       Phone"] + lines) + "\r\n"
    info = roster.get(query)
    if not info:
        return f"finger: {query}: no such user.\r\n"
    return "\r\n".join(f"{k}: {v}" for k, v in info.items()) + "\r\n"


def serve(sock: socket.socket, roster_path: Path) -> None:
    while True:
        conn, addr = sock.accept()
        with conn:
            conn.settimeout(5)
            try:
                query = conn.recv(256).decode("ascii", errors="replace")
            except socket.timeout:
                continue
            log.info("query %r from %s", query.strip(), addr[0])
            conn.sendall(answer(query, load_roster(roster_path)).encode())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=79)
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--roster", type=Path, default=Path("oncall.json").resolve())
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s fingerd %(message)s")

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", args.port))
    sock.listen(16)
    if os.geteuid() == 0:
        drop_privileges(args.user)
    try:
        serve(sock, args.roster)
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()


if __name__ == "__main__":
    main()
