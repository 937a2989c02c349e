#!/usr/bin/env python3
"""Read-only TFTP server for recovering bricked routers on the bench.

Binds UDP/69 (needs root for that), then immediately drops to an unprivileged
account through libc before serving anything from ./tftpboot.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import socket
import struct

log = logging.getLogger("tftp_lite")
OP_RRQ, OP_DATA, OP_ACK, OP_ERROR = 1, 3, 4, 5
BLOCK = 512

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def drop_privileges(username):
    entry = pwd.getpwnam(username)
    groups = (ctypes.c_uint * 1)(entry.pw_gid)
    for name, rc in (("setgroups", _libc.setgroups(1, groups)),
                     ("setresgid", _libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid)),
                     ("setresuid", _libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid))):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")
    log.info("now running as %s (uid %d)", username, os.getuid())


def send_error(sock, addr, code, text):
    sock.sendto(struct.pack("!HH", OP_ERROR, code) + text.encode() + b"\0", addr)


def serve_file(path, addr, timeout):
    xfer = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    xfer.settimeout(timeout)
    with open(path, "rb") as fh:
        block = 1
        while True:
            chunk = fh.read(BLOCK)
            pkt = struct.pack("!HH", OP_DATA, block & 0xFFFF) + chunk
            for _attempt in range(5):
                xfer.sendto(pkt, addr)
                try:
                    data, _ = xfer.recvfrom(4)
                except socket.timeout:
                    continue
                op, acked = struct.unpack("!HH", data[:4])
                if op == OP_ACK and acked == block & 0xFFFF:
                    break
            else:
                log.warning("%s: gave up at block %d", addr[0], block)
                return
            if len(chunk) < BLOCK:
                log.info("%s: sent %s (%d blocks)", addr[0], os.path.basename(path), block)
                return
            block += 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default="./tftpboot")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=69)
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--timeout", type=float, default=2.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    root = os.path.realpath(args.root)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind((args.bind, args.port))
    if os.geteuid() == 0:
        drop_privileges(args.user)
    log.info("serving %s on %s:%d", root, args.bind, args.port)

    while True:
        data, addr = sock.recvfrom(1024)
        if struct.unpack("!H", data[:2])[0] != OP_RRQ:
            send_error(sock, addr, 4, "read-only server")
            continue
        name = data[2:].split(b"\0")[0].decode(errors="replace")
        path = os.path.realpath(os.path.join(root, name.lstrip("/")))
        if not path.startswith(root + os.sep) or not os.path.isfile(path):
            send_error(sock, addr, 1, "file not found")
            continue
        serve_file(path, addr, args.timeout)


if __name__ == "__main__":
    main()
