#!/usr/bin/env python3
"""Hardware and OS inventory for chapel encoder boxes.

The AV contractor asked for a list of every encoder's OS release, CPU
model, memory and free disk before the next upgrade. Run this on each
box; it writes a JSON record and optionally submits it to the asset
register API.
"""

import argparse
import json
import logging
import os
import platform
import shutil
import socket
import sys
from datetime import datetime, timezone

import requests

LOG = logging.getLogger("inventory")

ASSET_API = "https://assets.example.com/api/v2/devices"


def os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, "r", encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip("\n").split("=", 1)
                    info[k] = v.strip('"')
    except OSError as exc:
        LOG.warning("cannot read %s: %s", path, exc)
    return {"name": info.get("PRETTY_NAME"), "id": info.get("ID"),
            "version": info.get("VERSION_ID")}


def cpu_info(path="/proc/cpuinfo"):
    model, cores = None, 0
    try:
        with open(path, "r", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name") and model is None:
                    model = line.split(":", 1)[1].strip()
                elif line.startswith("processor"):
                    cores += 1
    except OSError:
        pass
    return {"model": model or platform.processor(), "cores": cores or os.cpu_count()}


def mem_total_mb(path="/proc/meminfo"):
    try:
        with open(path) as fh:
            for line in fh:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) // 1024
    except (OSError, ValueError):
        pass
    return None


def disk_free_gb(where="."):
    usage = shutil.disk_usage(where)
    return round(usage.free / 1024 ** 3, 1)


class Record:
    def __init__(self, site):
        self.data = {
            "hostname": socket.gethostname(),
            "site": site,
            "collected": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "os": os_release(),
            "cpu": cpu_info(),
            "memory_mb": mem_total_mb(),
            "disk_free_gb": disk_free_gb(),
            "python": platform.python_version(),
        }

    def save(self, path):
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(self.data, fh, indent=2)

    def submit(self, token):
        resp = requests.post(ASSET_API, json=self.data, timeout=15,
                             headers={"Authorization": "Token %s" % token})
        resp.raise_for_status()
        return resp.json().get("asset_id")


def main():
    parser = argparse.ArgumentParser(description="Encoder inventory")
    parser.add_argument("--site", default="main-chapel")
    parser.add_argument("--out", default="inventory.json")
    parser.add_argument("--submit", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    rec = Record(args.site)
    rec.save(args.out)
    LOG.info("wrote %s", args.out)

    if args.submit:
        token = os.environ.get("ASSET_REGISTER_TOKEN")
        if not token:
            LOG.error("ASSET_REGISTER_TOKEN not set; not submitting")
            return 1
        try:
            LOG.info("registered as %s", rec.submit(token))
        except requests.RequestException as exc:
            LOG.error("submit failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
