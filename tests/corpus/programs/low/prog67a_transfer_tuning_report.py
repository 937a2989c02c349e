#!/usr/bin/env python3
"""Network tuning report for sequencer data movers.

Large BCL/POD5 transfers from the instrument VLAN to the storage cluster stall
with the distribution's default socket buffers. This checks the kernel
network settings against the values recommended for 10/25 GbE data movers and
writes a report the infrastructure team can act on.
"""
import argparse
import json
import logging
import platform
import sys
import time
from pathlib import Path

log = logging.getLogger("xfer-report")

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


def os_release():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", platform.platform())


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


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", choices=sorted(PROFILES), default="10g")
    ap.add_argument("-o", "--output", default="transfer_tuning_report.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    info = cpu_summary()
    log.info("host: %d cores (%s)", info["cores"], info["model"])
    changes = diff_profile(PROFILES[args.profile])
    for key, (have, want) in changes.items():
        print(f"{key.replace('/', '.'):40s} {have!r:28s} -> {want!r}")

    report = {
        "host": platform.node(),
        "os": os_release(),
        "cpu": info,
        "profile": args.profile,
        "generated": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "differences": {k.replace("/", "."): {"current": c, "recommended": w}
                        for k, (c, w) in changes.items()},
    }
    Path(args.output).write_text(json.dumps(report, indent=2))
    if changes:
        log.info("%d settings differ from profile %s; report in %s",
                 len(changes), args.profile, args.output)
    else:
        log.info("kernel already matches profile %s", args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
