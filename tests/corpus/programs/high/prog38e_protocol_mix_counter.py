#!/usr/bin/env python3
"""Networking class demo: live protocol mix of the lab segment.

Opens a raw AF_PACKET socket (needs root or CAP_NET_RAW), then immediately
gives up root by switching to an unprivileged account before parsing any
packet.  Prints a refreshing table of EtherType / IP protocol counts, the
way Wireshark's "Protocol Hierarchy" view does.
"""
import argparse
import collections
import grp
import logging
import os
import pwd
import socket
import struct
import sys
import time

ETH_P_ALL = 0x0003
ETHERTYPES = {0x0800: "IPv4", 0x86DD: "IPv6", 0x0806: "ARP", 0x8100: "802.1Q"}
IP_PROTOS = {1: "ICMP", 2: "IGMP", 6: "TCP", 17: "UDP", 58: "ICMPv6", 89: "OSPF"}
WELL_KNOWN = {53: "DNS", 80: "HTTP", 443: "HTTPS", 22: "SSH", 123: "NTP", 67: "DHCP", 68: "DHCP"}

log = logging.getLogger("protomix")


def drop_privileges(user: str, group: str) -> None:
    if os.getuid() != 0:
        log.info("not root, nothing to drop")
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o077)
    if os.getuid() == 0 or os.geteuid() == 0:
        raise RuntimeError("failed to drop root")
    log.info("now running as %s:%s", user, group)


def classify(frame: bytes) -> list:
    labels = []
    if len(frame) < 14:
        return ["runt"]
    ethertype = struct.unpack("!H", frame[12:14])[0]
    offset = 14
    if ethertype == 0x8100 and len(frame) >= 18:
        labels.append("802.1Q")
        ethertype = struct.unpack("!H", frame[16:18])[0]
        offset = 18
    labels.append(ETHERTYPES.get(ethertype, f"0x{ethertype:04x}"))
    proto = None
    if ethertype == 0x0800 and len(frame) >= offset + 20:
        ihl = (frame[offset] & 0x0F) * 4
        proto = frame[offset + 9]
        l4 = offset + ihl
    elif ethertype == 0x86DD and len(frame) >= offset + 40:
        proto = frame[offset + 6]
        l4 = offset + 40
    if proto is not None:
        labels.append(IP_PROTOS.get(proto, f"ip-{proto}"))
        if proto in (6, 17) and len(frame) >= l4 + 4:
            sport, dport = struct.unpack("!HH", frame[l4:l4 + 4])
            app = WELL_KNOWN.get(dport) or WELL_KNOWN.get(sport)
            if app:
                labels.append(app)
    return labels


def render(counts: collections.Counter, total: int, started: float) -> None:
    elapsed = max(time.time() - started, 1e-6)
    sys.stdout.write("\x1b[2J\x1b[H")
    print(f"{total} frames in {elapsed:.0f}s ({total / elapsed:.1f}/s)\n")
    print(f"{'protocol':<12}{'frames':>10}{'share':>9}")
    for label, n in counts.most_common(20):
        print(f"{label:<12}{n:>10}{100.0 * n / max(total, 1):>8.1f}%")
    sys.stdout.flush()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-i", "--interface", default="eth0")
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--group", default="nogroup")
    ap.add_argument("--refresh", type=float, default=2.0)
    ap.add_argument("--duration", type=float, default=0, help="seconds, 0 = until Ctrl-C")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        sock = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.ntohs(ETH_P_ALL))
        sock.bind((args.interface, 0))
    except PermissionError:
        log.error("raw sockets need root; run with sudo for the demo")
        return 1
    drop_privileges(args.user, args.group)

    counts = collections.Counter()
    total = 0
    started = last = time.time()
    sock.settimeout(0.5)
    try:
        while not args.duration or time.time() - started < args.duration:
            try:
                frame = sock.recv(65535)
            except socket.timeout:
                frame = None
            if frame:
                total += 1
                counts.update(classify(frame))
            if time.time() - last >= args.refresh:
                render(counts, total, started)
                last = time.time()
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    render(counts, total, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
