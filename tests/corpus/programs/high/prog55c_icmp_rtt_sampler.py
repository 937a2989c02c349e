#!/usr/bin/env python3
"""Sample ICMP echo round-trip times with a raw socket.

Needs root to open the raw socket; it re-executes itself under sudo when
necessary, then drops to the invoking user's uid/gid right after the
socket is open. Writes samples to ./rtt-samples.csv.
"""
import argparse
import csv
import os
import pwd
import select
import socket
import struct
import sys
import time

ICMP_ECHO_REQUEST = 8
PAYLOAD = b"rtt-sampler-" + bytes(range(36))


def checksum(data):
    if len(data) % 2:
        data += b"\0"
    total = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    total = (total >> 16) + (total & 0xFFFF)
    total += total >> 16
    return ~total & 0xFFFF


def build_packet(ident, seq):
    header = struct.pack("!BBHHH", ICMP_ECHO_REQUEST, 0, 0, ident, seq)
    csum = checksum(header + PAYLOAD)
    return struct.pack("!BBHHH", ICMP_ECHO_REQUEST, 0, csum, ident, seq) + PAYLOAD


def ensure_root():
    if os.geteuid() == 0:
        return
    print("raw sockets need root; re-running with sudo", file=sys.stderr)
    os.execvp("sudo", ["sudo", "-E", sys.executable, os.path.abspath(__file__)] + sys.argv[1:])


def drop_privileges():
    user = os.environ.get("SUDO_USER")
    if not user:
        return
    pw = pwd.getpwnam(user)
    os.setgroups([])
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)


def sample(sock, dest, ident, seq, timeout):
    sent = time.perf_counter()
    sock.sendto(build_packet(ident, seq), (dest, 0))
    deadline = sent + timeout
    while True:
        remaining = deadline - time.perf_counter()
        if remaining <= 0:
            return None
        ready, _, _ = select.select([sock], [], [], remaining)
        if not ready:
            return None
        packet, _addr = sock.recvfrom(2048)
        ihl = (packet[0] & 0x0F) * 4
        icmp_type, _code, _csum, r_id, r_seq = struct.unpack("!BBHHH", packet[ihl:ihl + 8])
        if icmp_type == 0 and r_id == ident and r_seq == seq:
            return (time.perf_counter() - sent) * 1000.0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("hosts", nargs="+")
    ap.add_argument("-c", "--count", type=int, default=10)
    ap.add_argument("-i", "--interval", type=float, default=1.0)
    ap.add_argument("-W", "--timeout", type=float, default=2.0)
    ap.add_argument("-o", "--output", default="rtt-samples.csv")
    args = ap.parse_args()

    ensure_root()
    sock = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)
    drop_privileges()

    ident = os.getpid() & 0xFFFF
    targets = {h: socket.gethostbyname(h) for h in args.hosts}
    with open(args.output, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["ts", "host", "addr", "seq", "rtt_ms"])
        for seq in range(1, args.count + 1):
            for host, addr in targets.items():
                rtt = sample(sock, addr, ident, seq, args.timeout)
                writer.writerow([f"{time.time():.3f}", host, addr, seq, "" if rtt is None else f"{rtt:.3f}"])
                print(f"{host:<25} seq={seq:<4} {'timeout' if rtt is None else f'{rtt:.2f} ms'}")
            time.sleep(args.interval)
    sock.close()


if __name__ == "__main__":
    main()
