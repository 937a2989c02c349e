#!/usr/bin/env python3
"""Pre-event check of a venue PC before it runs the live boards and stream.

Reports OS, CPU and memory, checks free disk space in the working folder and
verifies that the broadcast and rating endpoints are reachable. The result
is written to ./host_check.json so the tech lead can compare machines.
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

log = logging.getLogger("host-check")

ENDPOINTS = [
    "https://broadcast.example.com/health",
    "https://ratings.example.org/",
    "https://live.example.com/board/1",
]


def read_os_release():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return {"name": info.get("PRETTY_NAME", platform.platform()),
            "kernel": platform.release()}


def read_cpu():
    model, cores = "unknown", 0
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name") and model == "unknown":
                model = line.split(":", 1)[1].strip()
            elif line.startswith("processor"):
                cores += 1
    except OSError:
        cores = os.cpu_count() or 0
    return {"model": model, "cores": cores, "load": os.getloadavg()[0]}


def read_mem():
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                return {"total_mb": int(line.split()[1]) // 1024}
    except (OSError, ValueError):
        pass
    return {"total_mb": None}


def check_disk(min_gb):
    usage = shutil.disk_usage(".")
    free_gb = usage.free / 2**30
    return {"free_gb": round(free_gb, 1), "ok": free_gb >= min_gb}


def check_endpoint(url, timeout):
    req = urllib.request.Request(url, method="HEAD",
                                 headers={"User-Agent": "venue-host-check/1.0"})
    start = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            status = resp.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    except (urllib.error.URLError, socket.timeout) as exc:
        return {"url": url, "ok": False, "error": str(exc)}
    ms = int((time.monotonic() - start) * 1000)
    return {"url": url, "ok": status < 500, "status": status, "ms": ms}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--min-disk-gb", type=float, default=10.0)
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--out", type=Path, default=Path("host_check.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    report = {
        "host": socket.gethostname(),
        "checked_at": time.strftime("%Y-%m-%d %H:%M:%S"),
        "os": read_os_release(),
        "cpu": read_cpu(),
        "memory": read_mem(),
        "disk": check_disk(args.min_disk_gb),
        "endpoints": [check_endpoint(u, args.timeout) for u in ENDPOINTS],
    }
    problems = [e["url"] for e in report["endpoints"] if not e["ok"]]
    if not report["disk"]["ok"]:
        problems.append("disk space")
    report["ok"] = not problems

    args.out.write_text(json.dumps(report, indent=2))
    log.info("%s: %s, %d cores, %s MB RAM", report["host"], report["os"]["name"],
             report["cpu"]["cores"], report["memory"]["total_mb"])
    for p in problems:
        log.warning("problem: %s", p)
    log.info("report written to %s", args.out)
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
