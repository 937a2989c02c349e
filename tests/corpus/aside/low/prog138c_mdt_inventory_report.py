#!/usr/bin/env python3
"""Hardware inventory report for mobile data terminals.

Reads the OS release and CPU details of the MDT, checks that the update
server is reachable and posts a short inventory record to the fleet
asset API. Also tidies up the tool's own build and cache folders, which
pile up when the report is packaged on the terminal itself.
"""

import argparse
import json
import logging
import os
import platform
import shutil
import socket
import sys

import requests

log = logging.getLogger("mdt-inventory")

ASSET_API = "https://assets.example.com/api/mdt"
UPDATE_SERVER = "https://updates.example.com/"
OWN_ARTIFACTS = ("build", "dist", "__pycache__", ".inventory_cache")


def os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path) as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return info


def cpu_summary(path="/proc/cpuinfo"):
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


def update_server_reachable(url):
    try:
        resp = requests.head(url, timeout=5, allow_redirects=True)
        return resp.status_code < 500
    except requests.RequestException:
        return False


def clean_own_artifacts(base="."):
    removed = []
    for name in OWN_ARTIFACTS:
        path = os.path.join(base, name)
        if os.path.isdir(path):
            shutil.rmtree(path)
            removed.append(name)
    return removed


class InventoryRecord:
    def __init__(self, unit):
        self.unit = unit

    def build(self):
        rel = os_release()
        return {
            "unit": self.unit,
            "hostname": socket.gethostname(),
            "os": rel.get("PRETTY_NAME", platform.platform()),
            "os_version": rel.get("VERSION_ID"),
            "cpu": cpu_summary(),
            "python": platform.python_version(),
            "update_server_ok": update_server_reachable(UPDATE_SERVER),
        }


def post_record(record, api_key):
    resp = requests.post(f"{ASSET_API}/{record['unit']}", json=record,
                         headers={"X-Api-Key": api_key}, timeout=15)
    resp.raise_for_status()
    return resp.status_code


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("unit", help="ambulance unit, e.g. M21")
    ap.add_argument("--print-only", action="store_true")
    ap.add_argument("--keep-build", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    record = InventoryRecord(args.unit).build()
    print(json.dumps(record, indent=2))

    if not args.keep_build:
        removed = clean_own_artifacts()
        if removed:
            log.info("removed %s", ", ".join(removed))

    if args.print_only:
        return 0
    api_key = os.environ.get("ASSET_API_KEY")
    if not api_key:
        log.error("ASSET_API_KEY not set; record not sent")
        return 1
    try:
        log.info("asset API answered %s", post_record(record, api_key))
    except requests.RequestException as exc:
        log.error("could not post record: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
