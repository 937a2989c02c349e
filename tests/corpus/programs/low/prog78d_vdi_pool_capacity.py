#!/usr/bin/env python3
"""Estimate how many VDI desktops of each flavour this hypervisor can host.

Reads the host's CPU and memory from /proc, the flavour definitions from
flavours.json, and prints a capacity table. Results are cached in
.capacity-cache keyed on the inputs so the dashboard exporter can call it
every minute cheaply.
"""

import argparse
import csv
import hashlib
import json
import logging
import os
import sys

LOG = logging.getLogger("pool-capacity")

CACHE_DIR = ".capacity-cache"
DEFAULT_FLAVOURS = {
    "office": {"vcpus": 2, "mem_mb": 4096},
    "dev": {"vcpus": 4, "mem_mb": 8192},
    "cad": {"vcpus": 8, "mem_mb": 16384},
}


def host_cpus():
    count, model = 0, "unknown"
    with open("/proc/cpuinfo") as fh:
        for line in fh:
            if line.startswith("processor"):
                count += 1
            elif line.startswith("model name") and model == "unknown":
                model = line.split(":", 1)[1].strip()
    return count, model


def host_mem_mb():
    with open("/proc/meminfo") as fh:
        for line in fh:
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) // 1024
    raise RuntimeError("MemTotal not found in /proc/meminfo")


def distro():
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "unknown"


def load_flavours(path):
    if path and os.path.exists(path):
        with open(path) as fh:
            return json.load(fh)
    LOG.info("no %s, using built-in flavours", path)
    return DEFAULT_FLAVOURS


def capacity(cpus, mem_mb, flavours, overcommit, reserve_mb):
    usable_mem = max(mem_mb - reserve_mb, 0)
    rows = []
    for name, spec in sorted(flavours.items()):
        by_cpu = int(cpus * overcommit // spec["vcpus"])
        by_mem = int(usable_mem // spec["mem_mb"])
        rows.append({
            "flavour": name,
            "vcpus": spec["vcpus"],
            "mem_mb": spec["mem_mb"],
            "by_cpu": by_cpu,
            "by_mem": by_mem,
            "desktops": min(by_cpu, by_mem),
            "limit": "cpu" if by_cpu < by_mem else "memory",
        })
    return rows


def cache_key(*parts):
    return hashlib.md5(json.dumps(parts, sort_keys=True).encode()).hexdigest()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-f", "--flavours", default="flavours.json")
    ap.add_argument("--overcommit", type=float, default=4.0, help="vCPU:pCPU ratio")
    ap.add_argument("--reserve-mb", type=int, default=8192, help="memory kept for the host")
    ap.add_argument("--csv", help="also write the table to this CSV file")
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.clear_cache and os.path.isdir(CACHE_DIR):
        for name in os.listdir(CACHE_DIR):
            os.remove(os.path.join(CACHE_DIR, name))
        LOG.info("cache cleared")

    try:
        cpus, model = host_cpus()
        mem = host_mem_mb()
        flavours = load_flavours(args.flavours)
    except (OSError, ValueError, RuntimeError) as exc:
        LOG.error("%s", exc)
        return 1

    key = cache_key(cpus, mem, flavours, args.overcommit, args.reserve_mb)
    os.makedirs(CACHE_DIR, exist_ok=True)
    cached = os.path.join(CACHE_DIR, key + ".json")
    if os.path.exists(cached):
        with open(cached) as fh:
            rows = json.load(fh)
        LOG.debug("cache hit %s", key)
    else:
        rows = capacity(cpus, mem, flavours, args.overcommit, args.reserve_mb)
        with open(cached, "w") as fh:
            json.dump(rows, fh)

    print("%s | %d CPUs (%s) | %d MB" % (distro(), cpus, model, mem))
    print("%-10s %6s %8s %8s %8s %9s %7s" % ("flavour", "vcpus", "mem_mb", "by_cpu",
                                             "by_mem", "desktops", "limit"))
    for r in rows:
        print("%-10s %6d %8d %8d %8d %9d %7s" % (r["flavour"], r["vcpus"], r["mem_mb"],
                                                 r["by_cpu"], r["by_mem"], r["desktops"],
                                                 r["limit"]))
    if args.csv:
        with open(args.csv, "w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()) if rows else ["flavour"])
            w.writeheader()
            w.writerows(rows)
        LOG.info("wrote %s", args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
