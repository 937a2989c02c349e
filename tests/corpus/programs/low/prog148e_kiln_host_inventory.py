#!/usr/bin/env python3
"""Record what the kiln-room PC is running before a controller firmware update.

Collects the OS release and CPU model, checks the firmware download is
reachable, and writes inventory.json in the current folder.
"""
import argparse
import json
import logging
import platform
import shutil
import socket
import time
from pathlib import Path

import requests

log = logging.getLogger("hostinv")

FIRMWARE_URL = "https://firmware.example.com/kilnctl/latest.bin"
WORK_CACHE = Path(".inventory-cache")


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path) as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip("\n").split("=", 1)
                    info[k] = v.strip('"')
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return info


def read_cpu(path="/proc/cpuinfo"):
    model, cores = None, 0
    try:
        with open(path) as fh:
            for line in fh:
                if line.startswith("model name") and model is None:
                    model = line.split(":", 1)[1].strip()
                elif line.startswith("processor"):
                    cores += 1
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return {"model": model or platform.processor(), "cores": cores}


def firmware_reachable(url):
    try:
        resp = requests.head(url, timeout=10, allow_redirects=True)
    except requests.RequestException as exc:
        return {"ok": False, "error": str(exc)}
    return {
        "ok": resp.ok,
        "status": resp.status_code,
        "size": resp.headers.get("Content-Length"),
        "modified": resp.headers.get("Last-Modified"),
    }


def disk_free(path="."):
    usage = shutil.disk_usage(path)
    return {"free_gb": round(usage.free / 1e9, 1), "total_gb": round(usage.total / 1e9, 1)}


def collect(check_url):
    osr = read_os_release()
    return {
        "collected": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "hostname": socket.gethostname(),
        "os": osr.get("PRETTY_NAME", platform.platform()),
        "kernel": platform.release(),
        "cpu": read_cpu(),
        "disk": disk_free(),
        "firmware": firmware_reachable(check_url) if check_url else None,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="inventory.json")
    ap.add_argument("--offline", action="store_true", help="skip the firmware check")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and WORK_CACHE.is_dir():
        shutil.rmtree(WORK_CACHE)
        log.info("cleared %s", WORK_CACHE)
    WORK_CACHE.mkdir(exist_ok=True)

    inv = collect(None if args.offline else FIRMWARE_URL)
    (WORK_CACHE / ("inv-%d.json" % int(time.time()))).write_text(json.dumps(inv))
    Path(args.out).write_text(json.dumps(inv, indent=2))
    log.info("%s on %s, %s cores", inv["os"], inv["cpu"]["model"], inv["cpu"]["cores"])
    fw = inv["firmware"]
    if fw and not fw["ok"]:
        log.warning("firmware download not reachable: %s", fw.get("error") or fw.get("status"))
    log.info("wrote %s", args.out)


if __name__ == "__main__":
    main()
