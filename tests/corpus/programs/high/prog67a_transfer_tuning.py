#!/usr/bin/env python3
"""Network tuning for sequencer data movers.

Large BCL/POD5 transfers from the instrument VLAN to the storage cluster stall
with the distribution's default socket buffers. This checks the kernel
network settings against the values recommended for 10/25 GbE data movers and
applies the recommended ones.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("xfer-tune")

PROC_SYS = Path("/proc/sys")

PROFILES = {
    "10g": {
        "net/core/rmem_max": "67108864",
        "net/core/wmem_max": "67108864",
        "net/ipv4/tcp_rmem": "4096 87380 33554432",
        "net/ipv4/tcp_wmem": "4096 65536 33554432",
        "net/core/netdev_max_backlog": "30000",
        "net/ipv4/tcp_congestion_control": "htcp",
    },
    "25g": {
        "net/core/rmem_max": "268435456",
        "net/core/wmem_max": "268435456",
        "net/ipv4/tcp_rmem": "4096 87380 134217728",
        "net/ipv4/tcp_wmem": "4096 65536 134217728",
        "net/core/netdev_max_backlog": "250000",
        "net/ipv4/tcp_congestion_control": "bbr",
        "net/ipv4/tcp_mtu_probing": "1",
    },
}


def cpu_summary():
    cores, model = 0, "unknown"
    with open("/proc/cpuinfo") as fh:
        for line in fh:
            if line.startswith("processor"):
                cores += 1
            elif line.startswith("model name") and model == "unknown":
                model = line.split(":", 1)[1].strip()
    return {"cores": cores, "model": model}


def read_key(key):
    try:
        return " ".join((PROC_SYS / key).read_text().split())
    except OSError:
        return None


def diff_profile(profile):
    changes = {}
    for key, want in profile.items():
        have = read_key(key)
        if have is None:
            log.warning("%s not available on this kernel", key.replace("/", "."))
            continue
        if have != want:
            changes[key] = (have, want)
    return changes


def apply_changes(changes):
    applied, failed = [], []
    for key, (_, want) in changes.items():
        node = PROC_SYS / key
        try:
            fd = os.open(node, os.O_WRONLY)
            try:
                os.write(fd, want.encode() + b"\n")
            finally:
                os.close(fd)
            applied.append(key)
        except OSError as exc:
            log.error("could not set %s: %s", key.replace("/", "."), exc)
            failed.append(key)
    return applied, failed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", choices=sorted(PROFILES), default="10g")
    ap.add_argument("--check", action="store_true", help="only report differences")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    info = cpu_summary()
    log.info("host: %d cores (%s)", info["cores"], info["model"])
    changes = diff_profile(PROFILES[args.profile])
    if args.json:
        print(json.dumps({k.replace("/", "."): {"current": c, "recommended": w}
                          for k, (c, w) in changes.items()}, indent=2))
    else:
        for key, (have, want) in changes.items():
            print(f"{key.replace('/', '.'):40s} {have!r:28s} -> {want!r}")
    if not changes:
        log.info("kernel already matches profile %s", args.profile)
        return 0
    if args.check:
        return 0
    applied, failed = apply_changes(changes)
    log.info("applied %d settings, %d failed", len(applied), len(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
