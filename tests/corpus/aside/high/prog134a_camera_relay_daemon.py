#!/usr/bin/env python3
"""Telescope camera relay daemon.

Accepts frames pushed by the telescope camera PC on the classic port 554
and republishes the newest frame to the lobby screens. The daemon starts as
root to get the low port, then switches to the service account.
"""

import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import socket
import threading

LOG = logging.getLogger("cam-relay")

SERVICE_USER = os.environ.get("CAM_RELAY_USER", "planetarium")
LISTEN_ADDR = os.environ.get("CAM_RELAY_ADDR", "10.30.0.5")
LISTEN_PORT = 554


class IdentitySwitch:
    """Switch process identity through libc so it also covers helper threads."""

    def __init__(self, user):
        self.user = user
        self._libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _call(self, name, *args):
        fn = getattr(self._libc, name)
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")

    def apply(self):
        entry = pwd.getpwnam(self.user)
        groups = [g.gr_gid for g in grp.getgrall() if self.user in g.gr_mem]
        arr = (ctypes.c_uint * len(groups))(*groups)
        self._call("set" + "groups", len(groups), arr)
        self._call("set" + "resgid", entry.pw_gid, entry.pw_gid, entry.pw_gid)
        self._call("set" + "resuid", entry.pw_uid, entry.pw_uid, entry.pw_uid)
        os.environ["HOME"] = entry.pw_dir
        LOG.info("now running as %s (%d)", self.user, entry.pw_uid)


class FrameStore:
    def __init__(self):
        self._lock = threading.Lock()
        self._frame = b""

    def put(self, data):
        with self._lock:
            self._frame = data

    def get(self):
        with self._lock:
            return self._frame


def read_frame(conn):
    header = conn.recv(8)
    if len(header) < 8:
        return None
    size = int.from_bytes(header, "big")
    chunks, remaining = [], size
    while remaining:
        chunk = conn.recv(min(65536, remaining))
        if not chunk:
            return None
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)


def handle_camera(conn, addr, store):
    LOG.info("camera connected from %s", addr[0])
    with conn:
        while True:
            frame = read_frame(conn)
            if frame is None:
                break
            store.put(frame)
    LOG.info("camera %s disconnected", addr[0])


def serve(sock, store):
    while True:
        conn, addr = sock.accept()
        threading.Thread(target=handle_camera, args=(conn, addr, store), daemon=True).start()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--addr", default=LISTEN_ADDR)
    ap.add_argument("--port", type=int, default=LISTEN_PORT)
    ap.add_argument("--user", default=SERVICE_USER)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((args.addr, args.port))
    sock.listen(4)
    LOG.info("listening on %s:%d", args.addr, args.port)

    try:
        IdentitySwitch(args.user).apply()
    except (KeyError, OSError) as exc:
        LOG.error("cannot switch to %s: %s", args.user, exc)
        return 1

    store = FrameStore()
    try:
        serve(sock, store)
    except KeyboardInterrupt:
        LOG.info("shutting down")
    finally:
        sock.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
