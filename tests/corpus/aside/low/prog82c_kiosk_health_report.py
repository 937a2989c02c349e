#!/usr/bin/env python3
"""Periodic health report for transit kiosks (vending machines, PIDs).

Gathers a small set of facts about the unit and the local kiosk app, and
posts them as JSON to the fleet monitoring API. The monitoring key comes
from KIOSK_MONITOR_KEY in the service environment.
"""
import argparse
import json
import logging
import os
import platform
import shutil
import socket
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("health")

DEFAULTS = {
    "api": "https://monitor.kioskfleet.example.net/api/v2/health",
    "app_health": "http://127.0.0.1:8080/healthz",
    "interval": 300,
    "timeout": 10,
}


def load_settings(path):
    settings = dict(DEFAULTS)
    p = Path(path)
    if p.exists():
        settings.update(json.loads(p.read_text()))
    return settings


def os_release():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return {"name": info.get("PRETTY_NAME"), "version": info.get("VERSION_ID")}


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith(("model name", "hardware", "model")):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.machine()


def meminfo():
    out = {}
    for line in Path("/proc/meminfo").read_text().splitlines():
        key, val = line.split(":", 1)
        if key in ("MemTotal", "MemAvailable", "SwapFree"):
            out[key] = int(val.split()[0])
    return out


def facts():
    du = shutil.disk_usage("/")
    return {
        "unit": socket.gethostname(),
        "ts": int(time.time()),
        "os": os_release(),
        "cpu": cpu_model(),
        "uptime_s": float(Path("/proc/uptime").read_text().split()[0]),
        "load": os.getloadavg(),
        "mem_kb": meminfo(),
        "disk_free_pct": round(100 * du.free / du.total, 1),
    }


def app_status(url, timeout):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return {"http": resp.status, "body": resp.read(512).decode(errors="replace")}
    except (urllib.error.URLError, OSError) as exc:
        return {"http": None, "error": str(exc)}


def post_report(api, key, report, timeout):
    req = urllib.request.Request(
        api,
        data=json.dumps(report).encode(),
        headers={"Content-Type": "application/json", "X-Api-Key": key},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description="kiosk health reporter")
    ap.add_argument("--settings", default="health.json")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    s = load_settings(args.settings)
    key = os.environ.get("KIOSK_MONITOR_KEY")
    if not key:
        log.error("KIOSK_MONITOR_KEY missing")
        return 2

    while True:
        report = facts()
        report["app"] = app_status(s["app_health"], s["timeout"])
        try:
            status = post_report(s["api"], key, report, s["timeout"])
            log.info("report accepted (%s)", status)
        except (urllib.error.URLError, OSError) as exc:
            log.warning("report not delivered: %s", exc)
        if args.once:
            return 0
        time.sleep(s["interval"])


if __name__ == "__main__":
    sys.exit(main())
