#!/usr/bin/env python3
"""ICMP reachability probe for the blackbox dashboard. Opens the raw socket
while still root, then drops to an unprivileged account for the loop."""
import argparse
import grp
import logging
import os
import pwd
import select
import socket
import struct
import time

log = logging.getLogger("icmp-probe")
ICMP_ECHO = 8


def checksum(data: bytes) -> int:
    if len(data) % 2:
        data += b"\0"
    total = sum(struct.unpack(f"!{len(data) // 2}H", data))
    total = (total >> 16) + (total & 0xFFFF)
    total += total >> 16
    return ~total & 0xFFFF


def build_packet(ident, seq):
    payload = struct.pack("!d", time.time()) + b"blackbox-probe"
    header = struct.pack("!BBHHH", ICMP_ECHO, 0, 0, ident, seq)
    csum = checksum(header + payload)
    return struct.pack("!BBHHH", ICMP_ECHO, 0, csum, ident, seq) + payload


def drop_privileges(user, group):
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def ping(sock, host, ident, seq, timeout):
    addr = socket.gethostbyname(host)
    sent = time.monotonic()
    sock.sendto(build_packet(ident, seq), (addr, 0))
    while True:
        left = timeout - (time.monotonic() - sent)
        if left <= 0:
            return None
        ready, _, _ = select.select([sock], [], [], left)
        if not ready:
            return None
        data, src = sock.recvfrom(1024)
        icmp = data[20:28]
        rtype, _, _, rid, rseq = struct.unpack("!BBHHH", icmp)
        if rtype == 0 and rid == ident and rseq == seq and src[0] == addr:
            return time.monotonic() - sent


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("hosts", nargs="+")
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--group", default="nogroup")
    ap.add_argument("--interval", type=float, default=10.0)
    ap.add_argument("--timeout", type=float, default=2.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sock = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)
    if os.geteuid() == 0:
        drop_privileges(args.user, args.group)

    ident, seq = os.getpid() & 0xFFFF, 0
    while True:
        for host in args.hosts:
            seq = (seq + 1) & 0xFFFF
            try:
                rtt = ping(sock, host, ident, seq, args.timeout)
            except OSError as exc:
                log.warning("%s: %s", host, exc)
                continue
            log.info("%-30s %s", host, f"{rtt * 1000:.1f} ms" if rtt else "timeout")
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
