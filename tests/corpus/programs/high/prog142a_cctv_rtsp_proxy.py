#!/usr/bin/env python3
"""RTSP front door for the garage CCTV cameras.

The cameras in the wash bay and the workshop only speak RTSP on port 554
and the NVR expects to find them on one address. This proxy listens on
554, looks at the requested path and forwards the TCP stream to the right
camera. It needs the low port at start-up and then switches to the
service account.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import re
import select
import socket
import threading

log = logging.getLogger("rtsp-proxy")

CAMERAS = {
    "washbay": ("198.51.100.31", 554),
    "workshop": ("198.51.100.32", 554),
    "fuel-island": ("198.51.100.33", 554),
}
PATH_RE = re.compile(rb"^[A-Z]+ rtsp://[^/]+/([\w-]+)")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _call(name, *args):
    fn = getattr(_libc, name)
    if fn(*args) != 0:
        err = ctypes.get_errno()
        raise OSError(err, "%s failed: %s" % (name, os.strerror(err)))


def switch_account(user):
    """Switch the whole process to the given account."""
    pw = pwd.getpwnam(user)
    gids = (ctypes.c_uint * 1)(pw.pw_gid)
    _call("setgroups", ctypes.c_size_t(1), gids)
    for fn, ident in (("setresgid", pw.pw_gid), ("setresuid", pw.pw_uid)):
        _call(fn, ident, ident, ident)
    log.info("running as %s (uid %d)", user, os.getuid())


def pump(a, b):
    socks = [a, b]
    try:
        while True:
            readable, _, _ = select.select(socks, [], [], 300)
            if not readable:
                break
            for s in readable:
                data = s.recv(65536)
                if not data:
                    return
                (b if s is a else a).sendall(data)
    except OSError:
        pass
    finally:
        a.close()
        b.close()


def handle(client):
    first = client.recv(4096)
    m = PATH_RE.match(first)
    if not m or m.group(1).decode() not in CAMERAS:
        client.sendall(b"RTSP/1.0 404 Not Found\r\n\r\n")
        client.close()
        return
    cam = m.group(1).decode()
    try:
        upstream = socket.create_connection(CAMERAS[cam], timeout=5)
    except OSError as exc:
        log.warning("camera %s unreachable: %s", cam, exc)
        client.sendall(b"RTSP/1.0 503 Service Unavailable\r\n\r\n")
        client.close()
        return
    upstream.sendall(first)
    pump(client, upstream)


def serve(bind, port, user):
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((bind, port))
    srv.listen(32)
    if os.geteuid() == 0 and user:
        switch_account(user)
    log.info("listening on %s:%d", bind, port)
    while True:
        client, addr = srv.accept()
        log.debug("connection from %s", addr)
        threading.Thread(target=handle, args=(client,), daemon=True).start()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default="198.51.100.10")
    ap.add_argument("--port", type=int, default=554)
    ap.add_argument("--user", default="cctv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        serve(args.bind, args.port, args.user)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
