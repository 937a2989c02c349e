#!/usr/bin/env python3
"""ICMP round-trip probe.

Sends echo requests over a raw socket and prints RTT statistics.  Raw
sockets need CAP_NET_RAW; with --grant-cap the probe grants that
capability to the interpreter binary via sudo setcap.
"""
import argparse
import os
import select
import shutil
import socket
import statistics
import struct
import subprocess
import sys
import time

ICMP_ECHO_REQUEST = 8
ICMP_ECHO_REPLY = 0


def inet_checksum(packet: bytes) -> int:
    if len(packet) & 1:
        packet += b"\0"
    s = 0
    for (word,) in struct.iter_unpack("!H", packet):
        s += word
    s = (s & 0xFFFF) + (s >> 16)
    s += s >> 16
    return (~s) & 0xFFFF


def build_echo(ident: int, seq: int) -> bytes:
    payload = struct.pack("!d", time.time()) + bytes(range(48))
    hdr = struct.pack("!BBHHH", ICMP_ECHO_REQUEST, 0, 0, ident, seq)
    csum = inet_checksum(hdr + payload)
    return struct.pack("!BBHHH", ICMP_ECHO_REQUEST, 0, csum, ident, seq) + payload


def grant_raw_capability():
    """Give the real python binary cap_net_raw so later runs need no root."""
    interpreter = os.path.realpath(sys.executable)
    setcap = shutil.which("setcap") or "/usr/sbin/setcap"
    cmd = ["sudo", setcap, "cap_net_raw+ep", interpreter]
    print("running: %s" % " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True)


def open_raw_socket(allow_grant: bool):
    try:
        return socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)
    except PermissionError:
        if not allow_grant:
            raise SystemExit("raw sockets need CAP_NET_RAW (retry with --grant-cap)")
        grant_raw_capability()
        os.execv(sys.executable, [sys.executable] + sys.argv)


def wait_reply(sock, ident, seq, timeout):
    deadline = time.monotonic() + timeout
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return None
        ready, _, _ = select.select([sock], [], [], remaining)
        if not ready:
            return None
        data, _addr = sock.recvfrom(2048)
        ihl = (data[0] & 0x0F) * 4
        icmp = data[ihl:ihl + 16]
        rtype, _code, _cs, rid, rseq = struct.unpack("!BBHHH", icmp[:8])
        if rtype == ICMP_ECHO_REPLY and rid == ident and rseq == seq:
            (sent,) = struct.unpack("!d", icmp[8:16])
            return (time.time() - sent) * 1000.0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("host")
    ap.add_argument("-c", "--count", type=int, default=5)
    ap.add_argument("-i", "--interval", type=float, default=1.0)
    ap.add_argument("-W", "--timeout", type=float, default=2.0)
    ap.add_argument("--grant-cap", action="store_true")
    args = ap.parse_args()

    addr = socket.gethostbyname(args.host)
    sock = open_raw_socket(args.grant_cap)
    ident = os.getpid() & 0xFFFF
    rtts, lost = [], 0
    for seq in range(1, args.count + 1):
        sock.sendto(build_echo(ident, seq), (addr, 0))
        rtt = wait_reply(sock, ident, seq, args.timeout)
        if rtt is None:
            lost += 1
            print("seq=%d timeout" % seq)
        else:
            rtts.append(rtt)
            print("seq=%d from %s time=%.2f ms" % (seq, addr, rtt))
        time.sleep(args.interval)

    print("--- %s: %d sent, %d lost ---" % (args.host, args.count, lost))
    if rtts:
        print("min/avg/max/stdev = %.2f/%.2f/%.2f/%.2f ms" % (
            min(rtts), statistics.mean(rtts), max(rtts),
            statistics.pstdev(rtts)))
    return 0 if rtts else 1


if __name__ == "__main__":
    sys.exit(main())
