#!/usr/bin/env python3
"""Minimal ICMP echo prober with microsecond timestamps in the payload, used
to measure jitter towards metrics collectors. Raw sockets need root, so the
tool re-launches itself through sudo when started unprivileged."""
import argparse
import os
import select
import socket
import statistics
import struct
import sys
import time

ICMP_ECHO = 8
ICMP_REPLY = 0
PAD = b"rtt-probe-pad-" * 3


def checksum(data):
    if len(data) % 2:
        data += b"\x00"
    total = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    total = (total >> 16) + (total & 0xFFFF)
    total += total >> 16
    return ~total & 0xFFFF


def build_echo(ident, seq):
    payload = struct.pack("!d", time.time()) + PAD
    header = struct.pack("!BBHHH", ICMP_ECHO, 0, 0, ident, seq)
    csum = checksum(header + payload)
    return struct.pack("!BBHHH", ICMP_ECHO, 0, csum, ident, seq) + payload


def wait_reply(sock, ident, seq, timeout):
    deadline = time.time() + timeout
    while True:
        remaining = deadline - time.time()
        if remaining <= 0:
            return None
        ready, _, _ = select.select([sock], [], [], remaining)
        if not ready:
            return None
        packet, _ = sock.recvfrom(2048)
        ihl = (packet[0] & 0x0F) * 4
        rtype, _, _, rid, rseq = struct.unpack("!BBHHH", packet[ihl:ihl + 8])
        if rtype == ICMP_REPLY and rid == ident and rseq == seq:
            sent = struct.unpack("!d", packet[ihl + 8:ihl + 16])[0]
            return (time.time() - sent) * 1000.0


def ensure_root():
    if os.geteuid() == 0:
        return
    print("raw ICMP needs root; re-running with sudo", file=sys.stderr)
    os.execvp("sudo", ["sudo", "--preserve-env=PYTHONPATH", sys.executable,
                       os.path.abspath(__file__), *sys.argv[1:]])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("host")
    ap.add_argument("-c", "--count", type=int, default=10)
    ap.add_argument("-i", "--interval", type=float, default=0.5)
    ap.add_argument("-t", "--timeout", type=float, default=1.5)
    args = ap.parse_args()
    ensure_root()

    dest = socket.gethostbyname(args.host)
    ident = os.getpid() & 0xFFFF
    rtts = []
    with socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP) as sock:
        for seq in range(1, args.count + 1):
            sock.sendto(build_echo(ident, seq), (dest, 0))
            rtt = wait_reply(sock, ident, seq, args.timeout)
            print(f"seq={seq} " + (f"rtt={rtt:.3f} ms" if rtt is not None else "timeout"))
            if rtt is not None:
                rtts.append(rtt)
            time.sleep(args.interval)
    if len(rtts) >= 2:
        print(f"{dest}: {len(rtts)}/{args.count} replies, mean {statistics.mean(rtts):.3f} ms, "
              f"jitter {statistics.stdev(rtts):.3f} ms")
    return 0 if rtts else 1


if __name__ == "__main__":
    sys.exit(main())
