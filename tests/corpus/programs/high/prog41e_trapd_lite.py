#!/usr/bin/env python3
"""Minimal SNMP trap sink for the NOC lab.

Binds udp/162 (needs root), then permanently switches to an unprivileged
account while keeping nothing but the bound socket. Each trap is appended
to ./traps.jsonl with the source address and SNMP community.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import socket
import time

PR_SET_KEEPCAPS = 8
PR_SET_NO_NEW_PRIVS = 38
log = logging.getLogger("trapd")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setresuid.argtypes = [ctypes.c_uint] * 3
_libc.setresgid.argtypes = [ctypes.c_uint] * 3


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def drop_to(user: str):
    """Give up root for good: groups, gid, then uid."""
    pw = pwd.getpwnam(user)
    _check(_libc.prctl(PR_SET_KEEPCAPS, 0, 0, 0, 0), "prctl(KEEPCAPS)")
    os.setgroups([])
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    _check(_libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "prctl(NO_NEW_PRIVS)")
    log.info("now running as %s (uid=%d gid=%d)", user, os.getuid(), os.getgid())


def ber_len(buf: bytes, i: int):
    first = buf[i]
    if first < 0x80:
        return first, i + 1
    n = first & 0x7F
    return int.from_bytes(buf[i + 1:i + 1 + n], "big"), i + 1 + n


def parse_header(pkt: bytes) -> dict:
    """Return SNMP version and community; the varbinds are kept as hex."""
    out = {"version": None, "community": None}
    try:
        if pkt[0] != 0x30:
            return out
        _, i = ber_len(pkt, 1)
        if pkt[i] == 0x02:  # INTEGER version
            ln, j = ber_len(pkt, i + 1)
            out["version"] = {0: "v1", 1: "v2c", 3: "v3"}.get(pkt[j], pkt[j])
            i = j + ln
        if pkt[i] == 0x04:  # OCTET STRING community
            ln, j = ber_len(pkt, i + 1)
            out["community"] = pkt[j:j + ln].decode(errors="replace")
    except IndexError:
        pass
    return out


def serve(sock: socket.socket, out_path: str, allowed_communities):
    with open(out_path, "a", buffering=1) as sink:
        while True:
            pkt, (addr, port) = sock.recvfrom(65535)
            hdr = parse_header(pkt)
            if allowed_communities and hdr["community"] not in allowed_communities:
                log.debug("dropped trap from %s with community %r", addr, hdr["community"])
                continue
            rec = {"ts": time.time(), "src": addr, "port": port, **hdr, "raw": pkt.hex()}
            sink.write(json.dumps(rec) + "\n")
            log.info("trap from %s (%s)", addr, hdr["version"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=162)
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--out", default="traps.jsonl")
    ap.add_argument("--community", action="append", default=[])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((args.listen, args.port))
    if os.geteuid() == 0:
        drop_to(args.user)
    try:
        serve(sock, args.out, set(args.community))
    except KeyboardInterrupt:
        log.info("stopping")


if __name__ == "__main__":
    main()
