#!/usr/bin/env python3
"""Visitor kiosk health report.

Produces a short health report for each self-service kiosk in the visitor
centre: OS release, CPU model, memory, free disk and whether the booking
and tasting-menu sites answer. Written to kiosk_health.json for the
morning checklist.
"""
import argparse
import json
import logging
import platform
import shutil
import socket
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("kioskhealth")

ENDPOINTS = {
    "bookings": "https://bookings.example.com/",
    "tasting_menu": "https://menu.example.com/today",
}


def os_release():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError as exc:
        log.warning("os-release unreadable: %s", exc)
    return {"name": info.get("PRETTY_NAME", platform.system()), "id": info.get("ID")}


def cpu_info():
    model, cores = None, 0
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name") and model is None:
                model = line.split(":", 1)[1].strip()
            if line.startswith("processor"):
                cores += 1
    except OSError:
        pass
    return {"model": model, "cores": cores}


def mem_info():
    out = {}
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            key, val = line.split(":", 1)
            if key in ("MemTotal", "MemAvailable"):
                out[key] = int(val.split()[0]) // 1024
    except (OSError, ValueError):
        pass
    return out


def disk_info(path="."):
    usage = shutil.disk_usage(path)
    return {"total_gb": round(usage.total / 1e9, 1), "free_gb": round(usage.free / 1e9, 1)}


def probe(url, timeout=5.0):
    req = urllib.request.Request(url, method="HEAD")
    started = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            status = resp.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    except (urllib.error.URLError, socket.timeout) as exc:
        return {"ok": False, "error": str(exc)}
    return {"ok": 200 <= status < 400, "status": status,
            "ms": int((time.monotonic() - started) * 1000)}


def main():
    parser = argparse.ArgumentParser(description="Kiosk health report")
    parser.add_argument("--out", default="kiosk_health.json", type=Path)
    parser.add_argument("--timeout", default=5.0, type=float)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    report = {
        "kiosk": socket.gethostname(),
        "checked_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "os": os_release(),
        "cpu": cpu_info(),
        "memory_mb": mem_info(),
        "disk": disk_info(),
        "sites": {name: probe(url, args.timeout) for name, url in ENDPOINTS.items()},
    }
    args.out.write_text(json.dumps(report, indent=2))
    bad = [n for n, r in report["sites"].items() if not r["ok"]]
    if bad:
        log.warning("sites not answering: %s", ", ".join(bad))
    log.info("report written to %s", args.out)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
