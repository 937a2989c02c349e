#!/usr/bin/env python3
"""Check the network stack for GigE Vision cameras on the imaging rig.

High-speed sCMOS and machine-vision cameras stream over UDP at close to
line rate.  With stock kernel buffers the driver drops packets and frames
arrive incomplete.  This tool checks the socket buffer limits and the NIC
MTU against what the camera vendor recommends and prints the settings the
facility admin should apply when they are too low.
"""
import argparse
import json
import logging
import sys
from pathlib import Path

log = logging.getLogger("gige-check")

PROC_SYS = Path("/proc/sys")
SYS_NET = Path("/sys/class/net")

RECOMMENDED = {
    "net/core/rmem_max": 33554432,
    "net/core/rmem_default": 33554432,
    "net/core/netdev_max_backlog": 10000,
    "net/ipv4/udp_rmem_min": 16384,
}
JUMBO_MTU = 9000


def load_profile(path):
    """Camera profiles may raise or lower the recommended values."""
    values = dict(RECOMMENDED)
    if path and Path(path).exists():
        with open(path) as fh:
            values.update({k: int(v) for k, v in json.load(fh).get("sysctl", {}).items()})
    return values


def read_value(key):
    try:
        return int((PROC_SYS / key).read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def camera_interfaces(names=None):
    for iface in sorted(SYS_NET.iterdir()):
        if names and iface.name not in names:
            continue
        if iface.name == "lo" or not (iface / "device").exists():
            continue
        yield iface.name


def iface_mtu(name):
    try:
        return int((SYS_NET / name / "mtu").read_text())
    except (OSError, ValueError):
        return None


class KernelChecker:
    def __init__(self, wanted):
        self.wanted = wanted

    def gaps(self):
        for key, want in self.wanted.items():
            have = read_value(key)
            if have is None or have < want:
                yield key, have, want

    def report(self, out_path=None):
        lines = []
        for key, have, want in self.gaps():
            log.warning("%s: %s (recommended %s)", key, have, want)
            lines.append(f"{key.replace('/', '.')} = {want}")
        if lines and out_path:
            Path(out_path).write_text(
                "# suggested settings for the GigE camera NIC, hand to the admin\n"
                + "\n".join(lines) + "\n")
            log.info("wrote suggestions to %s", out_path)
        return len(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description="GigE Vision network check")
    ap.add_argument("--profile", help="camera profile JSON with sysctl overrides")
    ap.add_argument("--iface", action="append", help="camera NIC (repeatable)")
    ap.add_argument("-o", "--output", default="gige_sysctl_suggestions.conf",
                    help="file (in the working directory) for suggested settings")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")

    checker = KernelChecker(load_profile(args.profile))
    missing = checker.report(args.output)

    mtu_ok = True
    for name in camera_interfaces(args.iface):
        mtu = iface_mtu(name)
        if mtu is not None and mtu < JUMBO_MTU:
            mtu_ok = False
            log.warning("%s MTU %s < %s; enable jumbo frames in the NIC config",
                        name, mtu, JUMBO_MTU)

    if missing:
        log.error("%d kernel setting(s) below target; see %s", missing, args.output)
        return 1
    log.info("kernel settings ok; MTU %s", "ok" if mtu_ok else "needs attention")
    return 0


if __name__ == "__main__":
    sys.exit(main())
