#!/usr/bin/env python3
"""Collect a hardware/OS profile of this render node for the farm inventory.

Reads /etc/os-release, /proc/cpuinfo and /proc/meminfo plus the current
network buffer settings, compares them with the studio baseline in
node_baseline.json and writes node_profile_<host>.json in the working
directory. Farm ops attach the profile to the node's inventory record.
"""
import argparse
import json
import logging
import platform
import socket
import sys
from pathlib import Path

LOG = logging.getLogger("node-inventory")

BASELINE = {
    "net.core.rmem_max": 268435456,
    "net.core.wmem_max": 268435456,
    "vm.swappiness": 10,
    "sunrpc.tcp_slot_table_entries": 128,
}


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        for line in Path(path).read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return {"name": info.get("NAME"), "version": info.get("VERSION_ID"), "id": info.get("ID")}


def read_cpu(path="/proc/cpuinfo"):
    model, sockets, threads, flags = None, set(), 0, set()
    try:
        for line in Path(path).read_text().splitlines():
            key, _, val = line.partition(":")
            key, val = key.strip(), val.strip()
            if key == "model name" and model is None:
                model = val
            elif key == "physical id":
                sockets.add(val)
            elif key == "processor":
                threads += 1
            elif key == "flags" and not flags:
                flags = set(val.split())
    except OSError:
        pass
    return {"model": model, "sockets": len(sockets) or 1, "threads": threads,
            "avx2": "avx2" in flags, "avx512": any(f.startswith("avx512") for f in flags)}


def read_mem(path="/proc/meminfo"):
    try:
        for line in Path(path).read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) // 1024
    except (OSError, ValueError):
        pass
    return None


def read_tunable(name):
    p = Path("/proc/sys") / name.replace(".", "/")
    try:
        return int(p.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def compare_tunables(baseline):
    report = {}
    for name, wanted in baseline.items():
        current = read_tunable(name)
        report[name] = {"current": current, "baseline": wanted,
                        "ok": current is not None and current >= wanted if "mem" in name or "slot" in name
                        else current == wanted}
    return report


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default="node_baseline.json")
    ap.add_argument("--outdir", default=".")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    baseline = dict(BASELINE)
    bp = Path(args.baseline)
    if bp.exists():
        try:
            baseline.update(json.loads(bp.read_text()))
        except ValueError as exc:
            LOG.warning("bad baseline file: %s", exc)

    host = socket.gethostname().split(".")[0]
    profile = {
        "host": host,
        "kernel": platform.release(),
        "os": read_os_release(),
        "cpu": read_cpu(),
        "mem_mb": read_mem(),
        "tunables": compare_tunables(baseline),
    }
    drift = [k for k, v in profile["tunables"].items() if not v["ok"]]
    if drift:
        LOG.warning("%s differs from baseline on: %s", host, ", ".join(drift))
    out = Path(args.outdir) / f"node_profile_{host}.json"
    out.write_text(json.dumps(profile, indent=2))
    LOG.info("profile written to %s", out)
    return 1 if drift else 0


if __name__ == "__main__":
    sys.exit(main())
