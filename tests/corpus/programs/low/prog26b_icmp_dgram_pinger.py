#!/usr/bin/env python3
"""Unprivileged ICMP echo pinger.

Uses Linux "ping sockets" (SOCK_DGRAM + IPPROTO_ICMP), which ordinary users
may open when net.ipv4.ping_group_range allows it, so no root or special
capabilities are needed. Prints round-trip statistics per host.
"""
import argparse
import logging
import os
import socket
import statistics
import struct
import sys
import time

log = logging.getLogger("pinger")

ICMP_ECHO_REQUEST = 8
ICMP_ECHO_REPLY = 0


def checksum(data: bytes) -> int:
    if len(data) % 2:
        data += b"\x00"
    total = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    total = (total >> 16) + (total & 0xFFFF)
    total += total >> 16
    return ~total & 0xFFFF


def build_echo(seq: int, size: int) -> bytes:
    payload = (b"pingtest" * (size // 8 + 1))[:size]
    header = struct.pack("!BBHHH", ICMP_ECHO_REQUEST, 0, 0, 0, seq)
    csum = checksum(header + payload)
    return struct.pack("!BBHHH", ICMP_ECHO_REQUEST, 0, csum, 0, seq) + payload


class Pinger:
    def __init__(self, host: str, timeout: float, size: int):
        self.host = host
        self.addr = socket.gethostbyname(host)
        self.timeout = timeout
        self.size = size
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_ICMP)
        self.sock.settimeout(timeout)

    def ping_once(self, seq: int):
        packet = build_echo(seq, self.size)
        start = time.perf_counter()
        self.sock.sendto(packet, (self.addr, 0))
        deadline = start + self.timeout
        while True:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                return None
            self.sock.settimeout(remaining)
            try:
                data, _ = self.sock.recvfrom(2048)
            except socket.timeout:
                return None
            rtype, _code, _csum, _ident, rseq = struct.unpack("!BBHHH", data[:8])
            if rtype == ICMP_ECHO_REPLY and rseq == seq:
                return (time.perf_counter() - start) * 1000.0

    def run(self, count: int, interval: float) -> dict:
        rtts = []
        for seq in range(1, count + 1):
            rtt = self.ping_once(seq)
            if rtt is None:
                log.info("%s seq=%d timeout", self.host, seq)
            else:
                log.info("%s seq=%d time=%.2f ms", self.host, seq, rtt)
                rtts.append(rtt)
            if seq != count:
                time.sleep(interval)
        self.sock.close()
        return {
            "host": self.host,
            "sent": count,
            "received": len(rtts),
            "loss": 100.0 * (count - len(rtts)) / count,
            "avg": statistics.mean(rtts) if rtts else None,
            "min": min(rtts) if rtts else None,
            "max": max(rtts) if rtts else None,
        }


def main() -> int:
    ap = argparse.ArgumentParser(description="ICMP ping using unprivileged ping sockets")
    ap.add_argument("hosts", nargs="+")
    ap.add_argument("-c", "--count", type=int, default=4)
    ap.add_argument("-i", "--interval", type=float, default=1.0)
    ap.add_argument("-W", "--timeout", type=float, default=2.0)
    ap.add_argument("-s", "--size", type=int, default=32)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")

    status = 0
    for host in args.hosts:
        try:
            result = Pinger(host, args.timeout, args.size).run(args.count, args.interval)
        except PermissionError:
            log.error("ping sockets not permitted for gid %d; check ping_group_range",
                      os.getgid())
            return 2
        except socket.gaierror as exc:
            log.error("%s: %s", host, exc)
            status = 1
            continue
        avg = "-" if result["avg"] is None else "%.2f" % result["avg"]
        print(f"{host}: {result['received']}/{result['sent']} received, "
              f"{result['loss']:.0f}% loss, avg {avg} ms")
        if result["received"] == 0:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
