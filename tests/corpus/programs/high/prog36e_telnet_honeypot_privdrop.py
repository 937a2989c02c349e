#!/usr/bin/env python3
"""Telnet login honeypot listening on the real port 23.

Binding port 23 needs root, so the process binds first and then drops to an
unprivileged account (default: nobody) before touching any attacker input.
It emulates a BusyBox login prompt, logs usernames/passwords to a JSON-lines
file and always answers "Login incorrect".
"""
import argparse
import grp
import json
import logging
import os
import pwd
import select
import socket
import sys
import threading
import time

log = logging.getLogger("telnet-hp")

IAC, DONT, DO, WONT, WILL = 255, 254, 253, 252, 251
NEGOTIATE = bytes([IAC, WILL, 1, IAC, WILL, 3, IAC, DO, 24])


def drop_privileges(user: str, group: str) -> None:
    if os.getuid() != 0:
        log.info("not root, nothing to drop")
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o077)
    if os.getuid() == 0 or os.geteuid() == 0:
        raise RuntimeError("privilege drop failed")
    log.info("dropped privileges to %s:%s", user, group)


def strip_telnet(data: bytes) -> bytes:
    out, i = bytearray(), 0
    while i < len(data):
        if data[i] == IAC and i + 2 < len(data):
            i += 3
            continue
        out.append(data[i])
        i += 1
    return bytes(out)


def read_line(conn: socket.socket, timeout: float) -> str:
    buf = b""
    deadline = time.time() + timeout
    while b"\n" not in buf and len(buf) < 256:
        remaining = deadline - time.time()
        if remaining <= 0:
            break
        r, _, _ = select.select([conn], [], [], remaining)
        if not r:
            break
        chunk = conn.recv(64)
        if not chunk:
            break
        buf += chunk
    return strip_telnet(buf).split(b"\n")[0].strip(b"\r\x00 ").decode("latin-1")


class Honeypot:
    def __init__(self, sock, logfile, timeout):
        self.sock = sock
        self.logfile = logfile
        self.timeout = timeout
        self.lock = threading.Lock()

    def record(self, event: dict) -> None:
        with self.lock, open(self.logfile, "a") as fh:
            fh.write(json.dumps(event) + "\n")

    def session(self, conn, addr):
        with conn:
            try:
                conn.sendall(NEGOTIATE + b"\r\nBusyBox v1.31.1 built-in shell\r\n")
                for attempt in range(3):
                    conn.sendall(b"login: ")
                    user = read_line(conn, self.timeout)
                    conn.sendall(b"Password: ")
                    pw = read_line(conn, self.timeout)
                    self.record({"ts": time.time(), "src": addr[0], "port": addr[1],
                                 "attempt": attempt, "user": user, "password": pw})
                    time.sleep(1.0)
                    conn.sendall(b"\r\nLogin incorrect\r\n")
            except OSError as exc:
                log.debug("session %s ended: %s", addr, exc)

    def serve(self):
        while True:
            conn, addr = self.sock.accept()
            threading.Thread(target=self.session, args=(conn, addr), daemon=True).start()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=23)
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--group", default="nogroup")
    ap.add_argument("--log", default="telnet_attempts.jsonl")
    ap.add_argument("--timeout", type=float, default=20.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    # open the log before dropping privileges so the file stays writable
    logfd = os.open(args.log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    os.close(logfd)
    if os.getuid() == 0:
        os.chown(args.log, pwd.getpwnam(args.user).pw_uid, -1)

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.bind, args.port))
    except PermissionError:
        log.error("cannot bind port %d (run as root; privileges are dropped afterwards)", args.port)
        sys.exit(1)
    sock.listen(64)
    drop_privileges(args.user, args.group)
    log.info("telnet honeypot on %s:%d", args.bind, args.port)
    try:
        Honeypot(sock, args.log, args.timeout).serve()
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()


if __name__ == "__main__":
    main()
