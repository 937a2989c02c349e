#!/usr/bin/env python3
"""Inventory report for the clinic's imaging workstations.

Before the annual imaging software upgrade the vendor asks for each
workstation's OS version, CPU model, memory and free disk space, and
whether the workstation can reach the update server. This script gathers
that into a JSON file in the current folder, which the office manager
emails to the vendor. Its own scratch files are removed afterwards.
"""
import argparse
import json
import logging
import os
import platform
import shutil
import socket
import sys
from datetime import datetime
from pathlib import Path

import requests

log = logging.getLogger("ws-inventory")

UPDATE_SERVER = "https://updates.example.com/imaging/health"
SCRATCH = Path(".inventory_scratch")


def os_release() -> dict:
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return {"name": info.get("PRETTY_NAME", platform.system()),
            "version_id": info.get("VERSION_ID")}


def cpu_info() -> dict:
    model, cores = None, 0
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name") and model is None:
                    model = line.split(":", 1)[1].strip()
                elif line.startswith("processor"):
                    cores += 1
    except OSError:
        pass
    return {"model": model or platform.processor(), "cores": cores or os.cpu_count()}


def memory_mb() -> int:
    try:
        with open("/proc/meminfo") as fh:
            for line in fh:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) // 1024
    except OSError:
        pass
    return 0


def disk_report(paths):
    out = {}
    for p in paths:
        try:
            u = shutil.disk_usage(p)
            out[p] = {"total_gb": round(u.total / 1e9, 1), "free_gb": round(u.free / 1e9, 1)}
        except OSError as exc:
            out[p] = {"error": str(exc)}
    return out


def update_server_reachable(url: str) -> dict:
    try:
        r = requests.head(url, timeout=10, allow_redirects=True)
        return {"reachable": r.ok, "status": r.status_code}
    except requests.RequestException as exc:
        return {"reachable": False, "error": type(exc).__name__}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default=None, help="output file name")
    ap.add_argument("--disk", nargs="*", default=["/", "."])
    ap.add_argument("--skip-network", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    SCRATCH.mkdir(exist_ok=True)
    report = {
        "hostname": socket.gethostname(),
        "collected": datetime.now().isoformat(timespec="seconds"),
        "os": os_release(),
        "cpu": cpu_info(),
        "memory_mb": memory_mb(),
        "disks": disk_report(args.disk),
        "python": platform.python_version(),
    }
    if not args.skip_network:
        report["update_server"] = update_server_reachable(UPDATE_SERVER)

    # stage in scratch, then move into place
    staged = SCRATCH / "report.json"
    staged.write_text(json.dumps(report, indent=2))
    out = Path(args.out or f"inventory_{report['hostname']}.json")
    shutil.move(str(staged), out)
    log.info("wrote %s", out)

    # tidy up our own scratch folder
    shutil.rmtree(SCRATCH, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
