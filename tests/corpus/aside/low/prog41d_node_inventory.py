#!/usr/bin/env python3
"""Describe the current training node: CPU, memory, hugepage and GPU state.

Reads only from /proc, /sys and /etc/os-release and writes a JSON report
into the working directory so it can be attached to an experiment.
"""
import argparse
import glob
import json
import logging
import os
import platform
from datetime import datetime, timezone

logger = logging.getLogger(__name__)

PROC_FILES = {
    "hugepages_total": "/proc/sys/vm/nr_hugepages",
    "overcommit": "/proc/sys/vm/overcommit_memory",
    "thp": "/sys/kernel/mm/transparent_hugepage/enabled",
}


def read_text(path, default=""):
    try:
        with open(path, "r", encoding="utf-8", errors="replace") as fh:
            return fh.read().strip()
    except OSError as exc:
        logger.debug("cannot read %s: %s", path, exc)
        return default


def os_release():
    info = {}
    for line in read_text("/etc/os-release").splitlines():
        if "=" in line:
            key, _, value = line.partition("=")
            info[key] = value.strip('"')
    return {"name": info.get("PRETTY_NAME"), "id": info.get("ID"), "version": info.get("VERSION_ID")}


def cpu_summary():
    models, flags = set(), set()
    cores = 0
    for block in read_text("/proc/cpuinfo").split("\n\n"):
        fields = dict(
            (k.strip(), v.strip()) for k, _, v in (l.partition(":") for l in block.splitlines()) if k
        )
        if "processor" in fields:
            cores += 1
            models.add(fields.get("model name", "unknown"))
            flags.update(fields.get("flags", "").split())
    return {"logical_cores": cores, "models": sorted(models),
            "avx512": any(f.startswith("avx512") for f in flags)}


def mem_summary():
    wanted = ("MemTotal", "MemAvailable", "HugePages_Total", "Hugepagesize")
    out = {}
    for line in read_text("/proc/meminfo").splitlines():
        name, _, rest = line.partition(":")
        if name in wanted:
            out[name] = rest.strip()
    return out


def gpu_summary():
    gpus = []
    for info_file in sorted(glob.glob("/proc/driver/nvidia/gpus/*/information")):
        fields = {}
        for line in read_text(info_file).splitlines():
            key, _, value = line.partition(":")
            fields[key.strip()] = value.strip()
        gpus.append({"bus": info_file.split("/")[-2], "model": fields.get("Model"),
                     "irq": fields.get("IRQ")})
    driver = read_text("/proc/driver/nvidia/version").splitlines()
    return {"driver": driver[0] if driver else None, "devices": gpus}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--output", default="node_inventory.json")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    report = {
        "collected_at": datetime.now(timezone.utc).isoformat(),
        "hostname": platform.node(),
        "kernel": platform.release(),
        "os": os_release(),
        "cpu": cpu_summary(),
        "memory": mem_summary(),
        "tuning": {k: read_text(p) for k, p in PROC_FILES.items()},
        "gpu": gpu_summary(),
    }
    with open(args.output, "w", encoding="utf-8") as fh:
        json.dump(report, fh, indent=2)
    os.chmod(args.output, 0o600)
    logger.info("wrote %s (%d GPUs)", args.output, len(report["gpu"]["devices"]))


if __name__ == "__main__":
    main()
