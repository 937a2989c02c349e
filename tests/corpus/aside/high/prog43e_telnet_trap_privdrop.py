#!/usr/bin/env python3
"""Telnet/SSH-port honeypot for the DMZ sensor.

Needs root only to bind the low ports; afterwards it drops to an unprivileged
account through libc so a parser bug cannot hand an attacker root.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import pwd
import socket
import threading
import time
from pathlib import Path

LOG = logging.getLogger("telnettrap")
PORTS = {23: b"\r\nUbuntu 16.04 LTS\r\nlogin: ", 22: b"SSH-2.0-OpenSSH_6.6.1p1\r\n"}

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what} failed")


def drop_privileges(username: str) -> None:
    entry = pwd.getpwnam(username)
    uid, gid = entry.pw_uid, entry.pw_gid
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(uid, uid, uid), "setresuid")
    LOG.info("now running as uid=%d gid=%d", uid, gid)


class Session(threading.Thread):
    def __init__(self, conn, peer, port, sink):
        super().__init__(daemon=True)
        self.conn, self.peer, self.port, self.sink = conn, peer, port, sink

    def run(self):
        captured = []
        try:
            self.conn.settimeout(20)
            self.conn.sendall(PORTS[self.port])
            for _ in range(4):
                chunk = self.conn.recv(1024)
                if not chunk:
                    break
                captured.append(chunk.decode("latin-1", "replace").strip())
                if self.port == 23:
                    self.conn.sendall(b"Password: " if len(captured) == 1 else b"\r\nLogin incorrect\r\nlogin: ")
        except OSError:
            pass
        finally:
            self.conn.close()
        self.sink.write(json.dumps({"ts": time.time(), "src": self.peer[0],
                                    "port": self.port, "input": captured}) + "\n")
        self.sink.flush()


def serve(sock, port, sink):
    while True:
        conn, peer = sock.accept()
        Session(conn, peer, port, sink).start()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--log", type=Path, default=Path("telnettrap.jsonl"))
    ap.add_argument("--addr", default="")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sockets = {}
    for port in PORTS:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind((args.addr, port))
        s.listen(32)
        sockets[port] = s
    sink = args.log.open("a", buffering=1)
    drop_privileges(args.user)
    for port, s in sockets.items():
        threading.Thread(target=serve, args=(s, port, sink), daemon=True).start()
        LOG.info("trap active on port %d", port)
    try:
        while True:
            time.sleep(60)
    except KeyboardInterrupt:
        LOG.info("shutting down")


if __name__ == "__main__":
    main()
