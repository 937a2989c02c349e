#!/usr/bin/env python3
"""Tiny content-addressed blob cache for the build farm.

Listens on a UNIX socket, stores zlib-compressed blobs under --root keyed by
their hex SHA-256.  Started by root so it can create the socket in /run,
then switches to an unprivileged account through libc.
"""
import argparse
import ctypes
import ctypes.util
import grp
import hashlib
import logging
import os
import pwd
import socketserver
import zlib
from pathlib import Path

log = logging.getLogger("blobcache")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(user: str, group: str) -> None:
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s:%s", user, group)


class BlobStore:
    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)

    def _path(self, digest: str) -> Path:
        return self.root / digest[:2] / (digest + ".z")

    def put(self, data: bytes) -> str:
        digest = hashlib.sha256(data).hexdigest()
        p = self._path(digest)
        if not p.exists():
            p.parent.mkdir(exist_ok=True)
            p.write_bytes(zlib.compress(data, 4))
        return digest

    def get(self, digest: str):
        p = self._path(digest)
        return zlib.decompress(p.read_bytes()) if p.exists() else None


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        line = self.rfile.readline().decode().strip()
        cmd, _, arg = line.partition(" ")
        store = self.server.store
        if cmd == "PUT":
            data = self.rfile.read(int(arg))
            self.wfile.write((store.put(data) + "\n").encode())
        elif cmd == "GET" and len(arg) == 64:
            data = store.get(arg)
            if data is None:
                self.wfile.write(b"MISS\n")
            else:
                self.wfile.write(f"OK {len(data)}\n".encode() + data)
        else:
            self.wfile.write(b"ERR\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--socket", default="/run/blobcache/blobcache.sock")
    ap.add_argument("--root", type=Path, default=Path("blobcache-data"))
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--group", default="nogroup")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    sock = Path(args.socket)
    sock.parent.mkdir(parents=True, exist_ok=True)
    if sock.exists():
        sock.unlink()
    server = socketserver.UnixStreamServer(str(sock), Handler)
    os.chmod(sock, 0o660)
    if os.geteuid() == 0:
        switch_identity(args.user, args.group)
    server.store = BlobStore(args.root)
    log.info("serving on %s", sock)
    server.serve_forever()


if __name__ == "__main__":
    main()
