#!/usr/bin/env python3
"""Spool watcher for the transcription box.

Started by the init script as root so it can bind the spool's port below
1024 for the legacy recorder; it then switches to the unprivileged
`transcribe` account with libc calls before handling any audio.
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

log = logging.getLogger("spoold")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(ret, what):
    if ret != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(username):
    pw = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem] + [pw.pw_gid]
    arr = (ctypes.c_uint * len(groups))(*groups)
    _check(_libc.setgroups(ctypes.c_size_t(len(groups)), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o077)
    log.info("now running as %s (uid=%d gid=%d)", username, os.getuid(), os.getgid())


def open_listener(port):
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("127.0.0.1", port))
    srv.listen(8)
    return srv


def receive_upload(conn, spool):
    header = conn.recv(256).split(b"\n", 1)
    name = Path(header[0].decode("ascii", "ignore")).name or f"rec-{int(time.time())}.wav"
    target = spool / "incoming" / name
    with open(target, "wb") as fh:
        if len(header) > 1:
            fh.write(header[1])
        while True:
            chunk = conn.recv(65536)
            if not chunk:
                break
            fh.write(chunk)
    return target


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--user", default="transcribe")
    ap.add_argument("--port", type=int, default=515)
    ap.add_argument("--spool", default="spool")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s spoold %(message)s")

    listener = open_listener(args.port)
    if os.geteuid() == 0:
        switch_identity(args.user)
    spool = Path(args.spool)
    (spool / "incoming").mkdir(parents=True, exist_ok=True)
    log.info("listening on 127.0.0.1:%d", args.port)
    while True:
        conn, peer = listener.accept()
        with conn:
            try:
                path = receive_upload(conn, spool)
                log.info("received %s from %s (%d bytes)", path.name, peer[0], path.stat().st_size)
                conn.sendall(b"OK\n")
            except OSError as exc:
                log.error("upload failed: %s", exc)


if __name__ == "__main__":
    main()
