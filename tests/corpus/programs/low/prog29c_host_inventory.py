#!/usr/bin/env python3
"""Collect a hardware/runtime inventory of this host for benchmark reports.

Sources: /proc/cpuinfo, /proc/meminfo, /proc/self/status, /etc/os-release
and a few os/resource calls.  The result is written as JSON into the
current directory (owner-readable only).
"""
import argparse
import json
import logging
import os
import platform
import resource
from collections import Counter
from pathlib import Path

log = logging.getLogger("inventory")

STATUS_FIELDS = ("Name", "Pid", "Threads", "VmRSS", "VmPeak",
                 "Cpus_allowed_list", "voluntary_ctxt_switches", "Seccomp")


def parse_cpuinfo(path="/proc/cpuinfo"):
    models = Counter()
    flags = set()
    physical_ids = set()
    logical = 0
    block = {}
    text = Path(path).read_text()
    for line in text.splitlines() + [""]:
        if not line.strip():
            if block:
                logical += 1
                models[block.get("model name", block.get("Processor", "unknown"))] += 1
                physical_ids.add(block.get("physical id", "0"))
                flags.update(block.get("flags", "").split())
            block = {}
            continue
        key, _, value = line.partition(":")
        block[key.strip()] = value.strip()
    return {
        "logical_cpus": logical,
        "sockets": len(physical_ids),
        "models": dict(models),
        "has_avx2": "avx2" in flags,
        "has_avx512f": "avx512f" in flags,
        "has_aes": "aes" in flags,
    }


def parse_kv_file(path, wanted=None):
    result = {}
    try:
        for line in Path(path).read_text().splitlines():
            key, sep, value = line.partition(":")
            if sep and (wanted is None or key in wanted):
                result[key.strip()] = value.strip()
    except FileNotFoundError:
        log.warning("%s not available", path)
    return result


def parse_os_release(path="/etc/os-release"):
    info = {}
    try:
        for line in Path(path).read_text().splitlines():
            if "=" in line and not line.startswith("#"):
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except FileNotFoundError:
        pass
    return {k: info.get(k) for k in ("ID", "VERSION_ID", "PRETTY_NAME")}


def runtime_limits():
    names = {"nofile": resource.RLIMIT_NOFILE, "nproc": resource.RLIMIT_NPROC,
             "stack": resource.RLIMIT_STACK}
    out = {}
    for name, res in names.items():
        soft, hard = resource.getrlimit(res)
        fmt = lambda v: "unlimited" if v == resource.RLIM_INFINITY else v
        out[name] = {"soft": fmt(soft), "hard": fmt(hard)}
    return out


def build_report():
    mem = parse_kv_file("/proc/meminfo", {"MemTotal", "MemAvailable", "HugePages_Total"})
    return {
        "kernel": platform.release(),
        "machine": platform.machine(),
        "os": parse_os_release(),
        "cpu": parse_cpuinfo(),
        "affinity": sorted(os.sched_getaffinity(0)),
        "memory": mem,
        "self": parse_kv_file("/proc/self/status", set(STATUS_FIELDS)),
        "limits": runtime_limits(),
        "loadavg": os.getloadavg(),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-o", "--output", default="host-inventory.json")
    ap.add_argument("--print", action="store_true", help="also print to stdout")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    report = build_report()
    out = Path(args.output)
    out.write_text(json.dumps(report, indent=2, sort_keys=True) + "\n")
    os.chmod(out, 0o600)
    log.info("wrote %s (%d logical CPUs, %s)", out, report["cpu"]["logical_cpus"],
             report["os"].get("PRETTY_NAME"))
    if args.print:
        print(json.dumps(report, indent=2, sort_keys=True))


if __name__ == "__main__":
    main()
