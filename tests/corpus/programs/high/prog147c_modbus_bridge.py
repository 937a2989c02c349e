#!/usr/bin/env python3
"""Small Modbus/TCP bridge for the resin mixing station.

The meter-mix machine for the hold resin only speaks Modbus/TCP on the
standard port 502. Our dashboard polls this bridge, which forwards register
reads to the machine and keeps a short cache. Port 502 needs root to bind,
so the bridge binds first and then switches to the unprivileged service
account.
"""

import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import socket
import socketserver
import threading
import time

log = logging.getLogger("modbus_bridge")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _call(name, *args):
    fn = getattr(_libc, name)
    if fn(*args) != 0:
        err = ctypes.get_errno()
        raise OSError(err, "%s failed: %s" % (name, os.strerror(err)))


def switch_identity(user, group):
    """Become the service account via libc so it works on any python build."""
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    groups = (ctypes.c_uint * 1)(gid)
    _call("setgroups", ctypes.c_size_t(1), groups)
    _call("setresgid", gid, gid, gid)
    _call("setresuid", pw.pw_uid, pw.pw_uid, pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s:%s", user, group)


class RegisterCache:
    def __init__(self, ttl=2.0):
        self.ttl = ttl
        self._data = {}
        self._lock = threading.Lock()

    def get(self, key):
        with self._lock:
            item = self._data.get(key)
            if item and time.time() - item[0] < self.ttl:
                return item[1]
        return None

    def put(self, key, value):
        with self._lock:
            self._data[key] = (time.time(), value)


class BridgeHandler(socketserver.BaseRequestHandler):
    def handle(self):
        srv = self.server
        while True:
            frame = self.request.recv(260)
            if not frame:
                break
            cached = srv.cache.get(frame[6:])
            if cached is None:
                cached = srv.forward(frame)
                srv.cache.put(frame[6:], cached)
            # keep the client's transaction id
            self.request.sendall(frame[:2] + cached[2:])


class BridgeServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, listen, upstream):
        super().__init__(listen, BridgeHandler)
        self.upstream = upstream
        self.cache = RegisterCache()
        self._up_lock = threading.Lock()

    def forward(self, frame):
        with self._up_lock:
            with socket.create_connection(self.upstream, timeout=3) as s:
                s.sendall(frame)
                return s.recv(260)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--upstream", default="198.51.100.20")
    ap.add_argument("--user", default="mixbridge")
    ap.add_argument("--group", default="mixbridge")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    server = BridgeServer((args.listen, args.port), (args.upstream, 502))
    log.info("listening on %s:%d", args.listen, args.port)
    if os.geteuid() == 0:
        switch_identity(args.user, args.group)
    else:
        log.warning("not started as root; identity unchanged")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
