#!/usr/bin/env python3
"""Depot PC inventory.

Records what each depot PC (weighbridge office, baler control, grading
node) is running so IT can plan upgrades. Reads only world-readable system
information and writes inventory_<host>.json in the working folder.
"""
import argparse
import json
import logging
import os
import platform
import shutil
import socket
import time

LOG = logging.getLogger("inventory")


def os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    key, _, value = line.strip().partition("=")
                    info[key] = value.strip('"')
    except OSError as exc:
        LOG.warning("cannot read %s: %s", path, exc)
    return {k: info.get(k) for k in ("NAME", "VERSION_ID", "PRETTY_NAME")}


def cpu_info(path="/proc/cpuinfo"):
    model, cores = None, 0
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name") and model is None:
                    model = line.split(":", 1)[1].strip()
                elif line.startswith("processor"):
                    cores += 1
    except OSError as exc:
        LOG.warning("cannot read %s: %s", path, exc)
    return {"model": model, "logical_cores": cores or os.cpu_count()}


def mem_info(path="/proc/meminfo"):
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) // 1024
    except (OSError, ValueError):
        pass
    return None


def disk_info(paths):
    out = {}
    for p in paths:
        if os.path.exists(p):
            usage = shutil.disk_usage(p)
            out[p] = {"total_gb": round(usage.total / 1e9, 1),
                      "free_gb": round(usage.free / 1e9, 1)}
    return out


class Inventory:
    def __init__(self, role):
        self.role = role
        self.host = socket.gethostname()

    def collect(self):
        return {
            "host": self.host,
            "role": self.role,
            "collected": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "os": os_release(),
            "kernel": platform.release(),
            "python": platform.python_version(),
            "cpu": cpu_info(),
            "mem_mb": mem_info(),
            "disks": disk_info(["/", os.getcwd()]),
        }

    def save(self, data, folder):
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, "inventory_%s.json" % self.host)
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2)
        return path


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--role", default="office",
                    choices=["office", "weighbridge", "baler", "grading"])
    ap.add_argument("--out", default=".")
    ap.add_argument("--print", action="store_true", dest="show")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    inv = Inventory(args.role)
    data = inv.collect()
    path = inv.save(data, args.out)
    LOG.info("inventory written to %s", path)
    if args.show:
        print(json.dumps(data, indent=2))
    if data["mem_mb"] and data["mem_mb"] < 4096:
        LOG.warning("%s has under 4 GB RAM; flag for upgrade", inv.host)


if __name__ == "__main__":
    main()
