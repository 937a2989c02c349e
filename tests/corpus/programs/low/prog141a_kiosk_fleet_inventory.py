#!/usr/bin/env python3
"""Reports basic hardware and OS facts of a pay kiosk to the fleet registry.

Runs on each kiosk once a day. Reads /etc/os-release and /proc/cpuinfo, disk
and uptime figures, and the kiosk app version, then registers them with the
fleet API using the kiosk's own API key.
"""
import argparse
import json
import logging
import os
import platform
import shutil
import socket
import sys
import urllib.request

log = logging.getLogger("inventory")

FLEET_API = "https://fleet.example.com/api/kiosks"


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
    return {"name": info.get("PRETTY_NAME"), "version_id": info.get("VERSION_ID")}


def cpu_info(path="/proc/cpuinfo"):
    model, cores = None, 0
    try:
        with open(path) as fh:
            for line in fh:
                if line.startswith("model name") and model is None:
                    model = line.split(":", 1)[1].strip()
                elif line.startswith("processor"):
                    cores += 1
    except OSError:
        pass
    return {"model": model or platform.processor(), "cores": cores or os.cpu_count()}


def uptime_hours(path="/proc/uptime"):
    try:
        with open(path) as fh:
            return round(float(fh.read().split()[0]) / 3600, 1)
    except (OSError, ValueError):
        return None


def disk(path="."):
    usage = shutil.disk_usage(path)
    return {"total_gb": round(usage.total / 1e9, 1), "free_gb": round(usage.free / 1e9, 1)}


def app_version(path="./kiosk-app/VERSION"):
    try:
        with open(path) as fh:
            return fh.read().strip()
    except OSError:
        return "unknown"


def collect(kiosk_id):
    return {
        "kiosk_id": kiosk_id,
        "hostname": socket.gethostname(),
        "os": os_release(),
        "cpu": cpu_info(),
        "uptime_h": uptime_hours(),
        "disk": disk(),
        "app_version": app_version(),
        "python": platform.python_version(),
    }


def register(report, api_key, timeout=10):
    req = urllib.request.Request(
        f"{FLEET_API}/{report['kiosk_id']}",
        data=json.dumps(report).encode(),
        method="PUT",
        headers={"Content-Type": "application/json", "X-Api-Key": api_key},
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--kiosk-id", default=os.environ.get("KIOSK_ID", socket.gethostname()))
    ap.add_argument("--print", action="store_true", help="print instead of sending")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    report = collect(args.kiosk_id)
    if args.print:
        print(json.dumps(report, indent=2))
        return 0
    key = os.environ.get("FLEET_API_KEY")
    if not key:
        log.error("FLEET_API_KEY is not set")
        return 1
    try:
        status = register(report, key)
    except OSError as exc:
        log.error("fleet API unreachable: %s", exc)
        return 2
    log.info("registered %s (HTTP %s)", args.kiosk_id, status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
