#!/usr/bin/env python3
"""Tune the network stack for GigE Vision cameras on the imaging rig.

High-speed sCMOS and machine-vision cameras stream over UDP at close to
line rate.  With stock kernel buffers the driver drops packets and frames
arrive incomplete.  This tool checks the socket buffer limits and the NIC
MTU against what the camera vendor recommends and applies the kernel
settings when they are too low.
"""
import argparse
import json
import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("gige-tune")

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


class KernelTuner:
    def __init__(self, wanted, dry_run=False):
        self.wanted = wanted
        self.dry_run = dry_run

    def gaps(self):
        for key, want in self.wanted.items():
            have = read_value(key)
            if have is None or have < want:
                yield key, have, want

    def _write_direct(self, key, value):
        (PROC_SYS / key).write_text(f"{value}\n")

    def _write_sysctl(self, key, value):
        name = key.replace("/", ".")
        subprocess.run(["sudo", "sysctl", "-q", "-w", f"{name}={value}"], check=True)

    def apply(self):
        changed = 0
        for key, have, want in self.gaps():
            log.info("%s: %s -> %s", key, have, want)
            if self.dry_run:
                continue
            try:
                self._write_direct(key, want)
            except PermissionError:
                self._write_sysctl(key, want)
            changed += 1
        return changed


def main(argv=None):
    ap = argparse.ArgumentParser(description="GigE Vision network tuning")
    ap.add_argument("--profile", help="camera profile JSON with sysctl overrides")
    ap.add_argument("--iface", action="append", help="camera NIC (repeatable)")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")

    tuner = KernelTuner(load_profile(args.profile), dry_run=args.dry_run)
    try:
        changed = tuner.apply()
    except subprocess.CalledProcessError as exc:
        log.error("could not apply kernel setting: %s", exc)
        return 1

    mtu_ok = True
    for name in camera_interfaces(args.iface):
        mtu = iface_mtu(name)
        if mtu is not None and mtu < JUMBO_MTU:
            mtu_ok = False
            log.warning("%s MTU %s < %s; enable jumbo frames in the NIC config",
                        name, mtu, JUMBO_MTU)

    remaining = list(tuner.gaps())
    if remaining and not args.dry_run:
        log.error("settings still below target: %s", ", ".join(k for k, *_ in remaining))
        return 1
    log.info("%d kernel setting(s) updated; MTU %s", changed, "ok" if mtu_ok else "needs attention")
    return 0


if __name__ == "__main__":
    sys.exit(main())
