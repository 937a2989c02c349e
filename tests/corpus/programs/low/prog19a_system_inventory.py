#!/usr/bin/env python3
"""Print a short inventory of this machine.

Reads /etc/os-release, /proc/cpuinfo and /proc/meminfo and prints either a
human-readable summary or JSON. Read-only; works without privileges.
"""
import argparse
import json
import logging
import os
import platform
import sys

log = logging.getLogger("inventory")


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if not line or line.startswith("#") or "=" not in line:
                    continue
                key, value = line.split("=", 1)
                info[key] = value.strip().strip('"')
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return info


def read_cpuinfo(path="/proc/cpuinfo"):
    models, cores = set(), 0
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    models.add(line.split(":", 1)[1].strip())
                elif line.startswith("processor"):
                    cores += 1
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return {"models": sorted(models), "logical_cpus": cores or os.cpu_count()}


def read_meminfo(path="/proc/meminfo"):
    wanted = {"MemTotal", "MemAvailable", "SwapTotal"}
    result = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                key, _, rest = line.partition(":")
                if key in wanted:
                    result[key] = int(rest.split()[0]) // 1024  # MiB
    except (OSError, ValueError) as exc:
        log.warning("cannot read %s: %s", path, exc)
    return result


def gather():
    osr = read_os_release()
    return {
        "os": osr.get("PRETTY_NAME", platform.system()),
        "os_id": osr.get("ID"),
        "version": osr.get("VERSION_ID"),
        "kernel": platform.release(),
        "arch": platform.machine(),
        "cpu": read_cpuinfo(),
        "memory_mib": read_meminfo(),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)

    data = gather()
    if args.json:
        json.dump(data, sys.stdout, indent=2)
        print()
        return
    print("OS:      {} ({})".format(data["os"], data["arch"]))
    print("Kernel:  {}".format(data["kernel"]))
    for model in data["cpu"]["models"]:
        print("CPU:     {}".format(model))
    print("Threads: {}".format(data["cpu"]["logical_cpus"]))
    for key, mib in data["memory_mib"].items():
        print("{:<8} {} MiB".format(key + ":", mib))


if __name__ == "__main__":
    main()
