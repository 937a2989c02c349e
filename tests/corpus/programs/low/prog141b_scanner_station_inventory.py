#!/usr/bin/env python3
"""Inventory of digitisation scanner workstations.

Records what each capture workstation is running (OS release, CPU model,
disk space on the capture volume) and whether it can reach the image
services it depends on, so the digitisation manager has an up-to-date sheet
before the annual scanner service visit.
"""
import argparse
import json
import logging
import os
import platform
import shutil
import socket
import sys
import urllib.error
import urllib.request
from datetime import datetime

log = logging.getLogger("station-inventory")

SERVICES = {
    "iiif": "https://iiif.example.com/iiif/2/info.json",
    "dams": "https://dams.example.com/health",
    "colour_targets": "https://dams.example.com/targets/latest",
}


def os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path) as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip("\n").split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return {"name": info.get("PRETTY_NAME", platform.system()), "version": info.get("VERSION_ID")}


def cpu_info(path="/proc/cpuinfo"):
    model, cores = None, 0
    try:
        with open(path) as fh:
            for line in fh:
                if line.startswith("model name") and model is None:
                    model = line.split(":", 1)[1].strip()
                if line.startswith("processor"):
                    cores += 1
    except OSError:
        pass
    return {"model": model or platform.processor(), "cores": cores or os.cpu_count()}


def disk_info(capture_dir):
    try:
        usage = shutil.disk_usage(capture_dir)
    except OSError as exc:
        return {"error": str(exc)}
    gb = 1024 ** 3
    return {"path": capture_dir, "total_gb": round(usage.total / gb, 1),
            "free_gb": round(usage.free / gb, 1)}


def check_service(url, timeout=5):
    req = urllib.request.Request(url, method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return {"ok": True, "status": resp.status}
    except urllib.error.HTTPError as exc:
        return {"ok": exc.code < 500, "status": exc.code}
    except (urllib.error.URLError, socket.timeout) as exc:
        return {"ok": False, "error": str(getattr(exc, "reason", exc))}


class Inventory:
    def __init__(self, capture_dir):
        self.capture_dir = capture_dir

    def collect(self):
        return {
            "host": socket.gethostname(),
            "taken": datetime.now().isoformat(timespec="seconds"),
            "os": os_release(),
            "cpu": cpu_info(),
            "python": platform.python_version(),
            "disk": disk_info(self.capture_dir),
            "services": {name: check_service(url) for name, url in SERVICES.items()},
        }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--capture-dir", default=os.path.expanduser("~/Captures"))
    ap.add_argument("--out", default="station_inventory.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    record = Inventory(args.capture_dir).collect()
    down = [n for n, s in record["services"].items() if not s["ok"]]
    with open(args.out, "w") as fh:
        json.dump(record, fh, indent=2)
    log.info("inventory written to %s", args.out)
    if down:
        log.warning("unreachable services: %s", ", ".join(down))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
