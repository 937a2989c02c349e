#!/usr/bin/env python3
"""Tune a vision PC's network stack for GigE Vision cameras.

GigE Vision streams drop frames when socket receive buffers are small or the
camera NIC is not on jumbo frames. This tool reads the relevant kernel
settings and the MTU of the camera-facing interfaces, raises any kernel
setting that is below the camera vendor's recommendation for the station
profile, and writes a report to ./reports/gige_tuning.json. MTU is only
reported; it is owned by the netplan config.
"""
import argparse
import json
import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("gige-tune")

PROFILES = {
    # profile: (sysctl recommendations, minimum MTU)
    "single_5mp": ({"net.core.rmem_max": 16777216,
                    "net.core.rmem_default": 16777216,
                    "net.core.netdev_max_backlog": 5000}, 9000),
    "quad_12mp": ({"net.core.rmem_max": 67108864,
                   "net.core.rmem_default": 33554432,
                   "net.core.netdev_max_backlog": 30000,
                   "net.ipv4.udp_rmem_min": 131072}, 9000),
}


def sysctl_path(key):
    return Path("/proc/sys") / key.replace(".", "/")


def read_sysctl(key):
    try:
        return int(sysctl_path(key).read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def write_sysctl(key, value):
    path = sysctl_path(key)
    with open(path, "w") as fh:
        fh.write(f"{value}\n")
    return read_sysctl(key)


def link_mtus(ifaces):
    """Return {iface: mtu} using iproute2's JSON output."""
    out = subprocess.run(["ip", "-j", "link", "show"], capture_output=True,
                         text=True, check=True).stdout
    links = {l["ifname"]: l.get("mtu") for l in json.loads(out)}
    return {i: links.get(i) for i in ifaces}


class Finding:
    def __init__(self, item, current, wanted, ok):
        self.item, self.current, self.wanted, self.ok = item, current, wanted, ok

    def as_dict(self):
        return {"item": self.item, "current": self.current,
                "wanted": self.wanted, "ok": self.ok}


def evaluate(profile, ifaces):
    wanted_sysctl, min_mtu = PROFILES[profile]
    findings = []
    for key, wanted in wanted_sysctl.items():
        current = read_sysctl(key)
        findings.append(Finding(key, current, wanted,
                                current is not None and current >= wanted))
    for iface, mtu in link_mtus(ifaces).items():
        findings.append(Finding(f"mtu:{iface}", mtu, min_mtu,
                                mtu is not None and mtu >= min_mtu))
    return findings


def apply(findings):
    """Raise kernel settings that are below recommendation."""
    changed = 0
    for f in findings:
        if f.ok or f.item.startswith("mtu:"):
            continue
        try:
            f.current = write_sysctl(f.item, f.wanted)
            f.ok = f.current is not None and f.current >= f.wanted
            changed += 1
            log.info("%s -> %s", f.item, f.current)
        except PermissionError:
            log.error("%s: permission denied (run as root)", f.item)
        except OSError as exc:
            log.error("%s: %s", f.item, exc)
    return changed


def print_report(findings):
    width = max(len(f.item) for f in findings)
    for f in findings:
        mark = "ok " if f.ok else "LOW"
        print(f"  [{mark}] {f.item:<{width}}  current={f.current}  recommended>={f.wanted}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-p", "--profile", choices=sorted(PROFILES), default="single_5mp")
    ap.add_argument("-i", "--iface", action="append", default=[],
                    help="camera-facing interface (repeatable)")
    ap.add_argument("-o", "--out", default="./reports/gige_tuning.json")
    ap.add_argument("-n", "--dry-run", action="store_true",
                    help="report only, change nothing")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.iface:
        log.warning("no --iface given, only kernel settings will be checked")
    try:
        findings = evaluate(args.profile, args.iface)
    except (subprocess.CalledProcessError, FileNotFoundError) as exc:
        log.error("could not query links: %s", exc)
        return 2

    if not args.dry_run:
        changed = apply(findings)
        log.info("%d kernel setting(s) changed", changed)

    print(f"GigE Vision tuning, profile {args.profile}:")
    print_report(findings)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps([f.as_dict() for f in findings], indent=2))
    bad = [f for f in findings if not f.ok]
    if bad:
        log.warning("%d setting(s) below recommendation; see %s", len(bad), out)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
