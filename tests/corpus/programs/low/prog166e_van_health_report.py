#!/usr/bin/env python3
"""Writes a small health report for a van tablet.

Collects OS release, CPU model, memory, load and disk usage, checks that
the booking server answers, and saves the report as JSON in the current
directory for the weekly fleet check.
"""
import argparse
import json
import logging
import os
import shutil
import socket
import sys
from datetime import datetime, timezone
from pathlib import Path

import requests

STATUS_URL = os.environ.get("PAWVAN_STATUS_URL", "https://booking.pawvan.example/status")

log = logging.getLogger("van-health")


def read_os_release() -> dict:
    info = {}
    path = Path("/etc/os-release")
    if path.exists():
        for line in path.read_text().splitlines():
            if "=" in line:
                key, _, value = line.partition("=")
                info[key] = value.strip('"')
    return {"name": info.get("PRETTY_NAME", "unknown"),
            "version": info.get("VERSION_ID", "")}


def read_cpu() -> dict:
    model, cores = "unknown", 0
    path = Path("/proc/cpuinfo")
    if path.exists():
        for line in path.read_text().splitlines():
            if line.startswith(("model name", "Model")) and model == "unknown":
                model = line.split(":", 1)[1].strip()
            if line.startswith("processor"):
                cores += 1
    return {"model": model, "cores": cores or os.cpu_count()}


def read_memory() -> dict:
    values = {}
    path = Path("/proc/meminfo")
    if path.exists():
        for line in path.read_text().splitlines():
            key, _, rest = line.partition(":")
            if key in ("MemTotal", "MemAvailable"):
                values[key] = int(rest.split()[0]) // 1024
    return {"total_mb": values.get("MemTotal"), "available_mb": values.get("MemAvailable")}


def read_load() -> list:
    try:
        return [float(x) for x in Path("/proc/loadavg").read_text().split()[:3]]
    except OSError:
        return []


def disk_usage(path: str) -> dict:
    usage = shutil.disk_usage(path)
    return {"path": path, "free_gb": round(usage.free / 1e9, 1),
            "used_pct": round(100 * usage.used / usage.total, 1)}


def check_status(url: str, timeout: float) -> dict:
    try:
        resp = requests.get(url, timeout=timeout)
        return {"url": url, "status": resp.status_code,
                "ms": int(resp.elapsed.total_seconds() * 1000)}
    except requests.RequestException as exc:
        return {"url": url, "error": str(exc)}


def main() -> int:
    parser = argparse.ArgumentParser(description="Van tablet health report")
    parser.add_argument("--status-url", default=STATUS_URL)
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--disk", default="/")
    parser.add_argument("--out-dir", type=Path, default=Path.cwd())
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    report = {
        "van": os.environ.get("PAWVAN_VAN_ID", socket.gethostname()),
        "generated": datetime.now(timezone.utc).isoformat(),
        "os": read_os_release(),
        "cpu": read_cpu(),
        "memory": read_memory(),
        "load": read_load(),
        "disk": disk_usage(args.disk),
        "booking_server": check_status(args.status_url, args.timeout),
    }

    args.out_dir.mkdir(parents=True, exist_ok=True)
    out = args.out_dir / f"health-{report['van']}-{datetime.now():%Y%m%d}.json"
    out.write_text(json.dumps(report, indent=2))
    os.chmod(out, 0o600)
    log.info("report written to %s", out)
    if report["disk"]["used_pct"] > 90:
        log.warning("disk nearly full on %s", args.disk)
    return 0


if __name__ == "__main__":
    sys.exit(main())
