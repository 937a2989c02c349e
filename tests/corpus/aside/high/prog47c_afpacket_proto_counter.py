#!/usr/bin/env python3
"""Live protocol mix counter on an AF_PACKET socket.

Must be started as root to open the raw socket; immediately afterwards it
drops to an unprivileged account (default "nobody") through libc so that the
packet-parsing code never runs with root rights.
"""
import argparse
import collections
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import signal
import socket
import struct
import time

log = logging.getLogger("protomix")

ETH_P_ALL = 0x0003
ETHER_NAMES = {0x0800: "ipv4", 0x86DD: "ipv6", 0x0806: "arp", 0x8100: "vlan", 0x88CC: "lldp"}
IP_NAMES = {1: "icmp", 6: "tcp", 17: "udp", 47: "gre", 50: "esp", 58: "icmpv6", 132: "sctp"}

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, "%s failed: %s" % (what, os.strerror(err)))


def drop_privileges(username):
    entry = pwd.getpwnam(username)
    uid, gid = entry.pw_uid, entry.pw_gid
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(1, groups), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(uid, uid, uid), "setresuid")
    log.info("now running as %s (uid=%d gid=%d)", username, uid, gid)


def open_socket(iface):
    sock = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
    sock.bind((iface, 0))
    sock.settimeout(1.0)
    return sock


def classify(frame):
    if len(frame) < 14:
        return "runt"
    ethertype = struct.unpack_from("!H", frame, 12)[0]
    offset = 14
    if ethertype == 0x8100 and len(frame) >= 18:
        ethertype = struct.unpack_from("!H", frame, 16)[0]
        offset = 18
    name = ETHER_NAMES.get(ethertype, "ether-0x%04x" % ethertype)
    if ethertype == 0x0800 and len(frame) > offset + 9:
        return IP_NAMES.get(frame[offset + 9], "ip-%d" % frame[offset + 9])
    if ethertype == 0x86DD and len(frame) > offset + 6:
        return IP_NAMES.get(frame[offset + 6], "ip6-%d" % frame[offset + 6])
    return name


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-i", "--interface", default="eth0")
    ap.add_argument("-u", "--user", default="nobody")
    ap.add_argument("-t", "--seconds", type=int, default=60)
    ap.add_argument("-o", "--output", default="protomix.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sock = open_socket(args.interface)
    drop_privileges(args.user)

    counts = collections.Counter()
    volume = collections.Counter()
    stop = [False]
    signal.signal(signal.SIGINT, lambda *_: stop.__setitem__(0, True))
    deadline = time.monotonic() + args.seconds
    while not stop[0] and time.monotonic() < deadline:
        try:
            frame = sock.recv(65535)
        except socket.timeout:
            continue
        kind = classify(frame)
        counts[kind] += 1
        volume[kind] += len(frame)
    sock.close()

    report = {k: {"frames": counts[k], "bytes": volume[k]} for k, _ in counts.most_common()}
    with open(args.output, "w") as fh:
        json.dump({"interface": args.interface, "seconds": args.seconds, "mix": report}, fh, indent=2)
    for kind, n in counts.most_common(10):
        print(f"{kind:>14}  {n:8d} frames  {volume[kind]:12d} bytes")


if __name__ == "__main__":
    main()
