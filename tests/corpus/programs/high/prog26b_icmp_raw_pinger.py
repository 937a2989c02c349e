#!/usr/bin/env python3
"""Raw-socket ICMP pinger that drops root after opening its socket.

Must be started as root (or from a root-owned service) because it opens a
SOCK_RAW socket. Immediately after the socket is created it switches its
group list, gid and uid to an unprivileged account, then pings the given
hosts and prints round-trip statistics.
"""
import argparse
import logging
import os
import pwd
import select
import socket
import statistics
import struct
import sys
import time

log = logging.getLogger("rawping")

ICMP_ECHO_REQUEST = 8
ICMP_ECHO_REPLY = 0


def checksum(data: bytes) -> int:
    if len(data) % 2:
        data += b"\x00"
    total = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    total = (total >> 16) + (total & 0xFFFF)
    total += total >> 16
    return ~total & 0xFFFF


def drop_privileges(username: str) -> None:
    if os.getuid() != 0:
        return
    entry = pwd.getpwnam(username)
    os.setgroups([])
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.umask(0o077)
    log.info("dropped privileges to %s (uid=%d gid=%d)", username, entry.pw_uid, entry.pw_gid)


class RawPinger:
    def __init__(self, timeout: float, size: int):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)
        self.ident = os.getpid() & 0xFFFF
        self.timeout = timeout
        self.size = size

    def packet(self, seq: int) -> bytes:
        payload = struct.pack("!d", time.time()) + b"\x42" * max(0, self.size - 8)
        header = struct.pack("!BBHHH", ICMP_ECHO_REQUEST, 0, 0, self.ident, seq)
        csum = checksum(header + payload)
        return struct.pack("!BBHHH", ICMP_ECHO_REQUEST, 0, csum, self.ident, seq) + payload

    def ping(self, addr: str, seq: int):
        start = time.perf_counter()
        self.sock.sendto(self.packet(seq), (addr, 0))
        deadline = start + self.timeout
        while True:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                return None
            ready, _, _ = select.select([self.sock], [], [], remaining)
            if not ready:
                return None
            data, src = self.sock.recvfrom(2048)
            ihl = (data[0] & 0x0F) * 4
            rtype, _code, _c, ident, rseq = struct.unpack("!BBHHH", data[ihl:ihl + 8])
            if rtype == ICMP_ECHO_REPLY and ident == self.ident and rseq == seq and src[0] == addr:
                return (time.perf_counter() - start) * 1000.0

    def close(self) -> None:
        self.sock.close()


def main() -> int:
    ap = argparse.ArgumentParser(description="raw ICMP pinger with privilege drop")
    ap.add_argument("hosts", nargs="+")
    ap.add_argument("-c", "--count", type=int, default=4)
    ap.add_argument("-W", "--timeout", type=float, default=2.0)
    ap.add_argument("-s", "--size", type=int, default=56)
    ap.add_argument("--run-as", default="nobody", help="account to switch to after opening the socket")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        pinger = RawPinger(args.timeout, args.size)
    except PermissionError:
        log.error("raw sockets need root; run this as root")
        return 2
    try:
        drop_privileges(args.run_as)
    except (KeyError, PermissionError) as exc:
        log.error("could not drop privileges: %s", exc)
        pinger.close()
        return 2

    status = 0
    for host in args.hosts:
        try:
            addr = socket.gethostbyname(host)
        except socket.gaierror as exc:
            log.error("%s: %s", host, exc)
            status = 1
            continue
        rtts = []
        for seq in range(1, args.count + 1):
            rtt = pinger.ping(addr, seq)
            if rtt is not None:
                rtts.append(rtt)
            time.sleep(0.5)
        loss = 100.0 * (args.count - len(rtts)) / args.count
        avg = f"{statistics.mean(rtts):.2f}" if rtts else "-"
        print(f"{host} ({addr}): {len(rtts)}/{args.count} replies, {loss:.0f}% loss, avg {avg} ms")
        if not rtts:
            status = 1
    pinger.close()
    return status


if __name__ == "__main__":
    sys.exit(main())
