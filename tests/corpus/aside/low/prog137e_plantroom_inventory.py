#!/usr/bin/env python3
"""Plant room PC inventory and device reachability report.

Collects basic facts about the plant room PC (OS, CPU) and checks that
the heater controllers, the pool chemistry gateway and the booking site
answer. Writes a JSON report in the working directory that the facilities
contractor asks for during the quarterly service visit.
"""

import argparse
import json
import logging
import os
import pathlib
import platform
import shutil
import time

import requests

log = logging.getLogger("inventory")

DEVICES = {
    "stove-1": "http://198.51.100.21/status",
    "stove-2": "http://198.51.100.22/status",
    "pool-gateway": "http://198.51.100.40/health",
    "booking-site": "https://booking.example.com/",
}
WORK = pathlib.Path("inventory_work")


def os_release():
    info = {}
    try:
        for line in pathlib.Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return {"name": info.get("PRETTY_NAME", platform.system()), "version": info.get("VERSION_ID", "")}


def cpu_info():
    model, cores = "unknown", 0
    try:
        for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name") and model == "unknown":
                model = line.split(":", 1)[1].strip()
            if line.startswith("processor"):
                cores += 1
    except OSError:
        pass
    return {"model": model, "cores": cores or os.cpu_count()}


def disk_info():
    usage = shutil.disk_usage(".")
    return {"total_gb": round(usage.total / 1e9, 1), "free_gb": round(usage.free / 1e9, 1)}


def check_device(name, url, timeout):
    start = time.monotonic()
    try:
        resp = requests.head(url, timeout=timeout, allow_redirects=True)
        if resp.status_code == 405:  # some controllers do not implement HEAD
            resp = requests.get(url, timeout=timeout)
        ok = resp.status_code < 500
        status = resp.status_code
    except requests.RequestException as exc:
        ok, status = False, type(exc).__name__
    ms = round((time.monotonic() - start) * 1000)
    log.info("%-14s %-6s %s ms", name, status, ms)
    return {"ok": ok, "status": status, "ms": ms}


def clean_workdir():
    """Remove the scratch files from earlier runs."""
    if WORK.is_dir():
        for f in WORK.iterdir():
            if f.is_file() and f.suffix in (".tmp", ".partial"):
                f.unlink()
        shutil.rmtree(WORK, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description="Plant room inventory report")
    ap.add_argument("--out", default="inventory_report.json")
    ap.add_argument("--timeout", type=float, default=4.0)
    ap.add_argument("--skip-network", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    clean_workdir()
    WORK.mkdir()
    report = {
        "generated": time.strftime("%Y-%m-%d %H:%M:%S"),
        "host": platform.node(),
        "os": os_release(),
        "cpu": cpu_info(),
        "disk": disk_info(),
        "devices": {},
    }
    if not args.skip_network:
        for name, url in DEVICES.items():
            report["devices"][name] = check_device(name, url, args.timeout)

    partial = WORK / "report.partial"
    partial.write_text(json.dumps(report, indent=2))
    os.replace(partial, args.out)
    clean_workdir()
    down = [n for n, d in report["devices"].items() if not d["ok"]]
    if down:
        log.warning("not answering: %s", ", ".join(down))
    log.info("report written to %s", args.out)
    return 1 if down else 0


if __name__ == "__main__":
    raise SystemExit(main())
