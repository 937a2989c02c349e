#!/usr/bin/env python3
"""Tiny LPD-style label spooler for the shelf-label printer.

The old label software in the stockroom can only print to an LPD queue on
port 515, so this listens there (needs root to bind), then drops to the
unprivileged "labels" account before accepting any jobs.  Jobs are written
to the spool directory where the Zebra driver picks them up.
"""
import argparse
import grp
import logging
import os
import pwd
import socket
import time
from pathlib import Path

LOG = logging.getLogger("labelspool")

LISTEN_ADDR = os.environ.get("LABELSPOOL_ADDR", "127.0.0.1")
LPD_PORT = 515
MAX_JOB = 256 * 1024


def drop_privileges(username: str, groupname: str) -> None:
    if os.getuid() != 0:
        LOG.info("not root, nothing to drop")
        return
    pw = pwd.getpwnam(username)
    gid = grp.getgrnam(groupname).gr_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o027)
    os.environ["HOME"] = pw.pw_dir
    LOG.info("now running as %s:%s", username, groupname)


def open_listener(addr: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((addr, port))
    sock.listen(5)
    return sock


def recv_job(conn: socket.socket) -> bytes:
    chunks, size = [], 0
    conn.settimeout(15)
    while True:
        data = conn.recv(4096)
        if not data:
            break
        size += len(data)
        if size > MAX_JOB:
            raise ValueError("job too large")
        chunks.append(data)
    return b"".join(chunks)


def store_job(spool: Path, payload: bytes, peer: str) -> Path:
    name = f"label-{int(time.time() * 1000)}.zpl"
    path = spool / name
    path.write_bytes(payload)
    LOG.info("queued %s (%d bytes) from %s", name, len(payload), peer)
    return path


def serve(sock: socket.socket, spool: Path) -> None:
    while True:
        conn, (peer, _port) = sock.accept()
        with conn:
            try:
                payload = recv_job(conn)
                if payload.strip():
                    store_job(spool, payload, peer)
                conn.sendall(b"\x00")
            except (ValueError, OSError) as exc:
                LOG.warning("job from %s rejected: %s", peer, exc)


def main():
    parser = argparse.ArgumentParser(description="LPD label spooler")
    parser.add_argument("--spool", type=Path, default=Path("/var/spool/labels"))
    parser.add_argument("--user", default="labels")
    parser.add_argument("--group", default="lp")
    parser.add_argument("--port", type=int, default=LPD_PORT)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s labelspool %(levelname)s %(message)s")

    sock = open_listener(LISTEN_ADDR, args.port)
    LOG.info("listening on %s:%d", LISTEN_ADDR, args.port)
    drop_privileges(args.user, args.group)

    args.spool.mkdir(parents=True, exist_ok=True)
    try:
        serve(sock, args.spool)
    except KeyboardInterrupt:
        LOG.info("shutting down")
    finally:
        sock.close()


if __name__ == "__main__":
    main()
