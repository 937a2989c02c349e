#!/usr/bin/env python3
"""Report the bar till kiosk's health to the club's monitoring service.

Runs on the Raspberry Pi behind the bar. Collects OS version, CPU model,
memory, uptime, free disk and how fresh the last till export is, keeps a
copy in ./health/latest.json and posts it to the monitoring service so the
IT volunteer gets a nudge when the SD card is filling up or exports stop.

Environment:
    CLUBMON_API_KEY   API key for the monitoring service
    CLUBMON_URL       defaults to https://monitor.clubhub.example/api/v1/checkins
"""
import argparse
import datetime as dt
import json
import logging
import os
import platform
import shutil
import sys
from pathlib import Path

import requests

log = logging.getLogger("kiosk_health")

DEFAULT_URL = "https://monitor.clubhub.example/api/v1/checkins"


def os_release(path="/etc/os-release"):
    info = {}
    try:
        for line in Path(path).read_text().splitlines():
            key, sep, value = line.partition("=")
            if sep:
                info[key] = value.strip().strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", platform.platform())


def cpu_model(path="/proc/cpuinfo"):
    try:
        for line in Path(path).read_text().splitlines():
            if line.split(":")[0].strip() in ("Model", "model name", "Hardware"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def meminfo(path="/proc/meminfo"):
    vals = {}
    try:
        for line in Path(path).read_text().splitlines():
            name, _, rest = line.partition(":")
            vals[name] = int(rest.split()[0]) * 1024
    except (OSError, ValueError, IndexError):
        return {}
    return {"total": vals.get("MemTotal"), "available": vals.get("MemAvailable")}


def uptime_hours(path="/proc/uptime"):
    try:
        return round(float(Path(path).read_text().split()[0]) / 3600, 1)
    except (OSError, ValueError):
        return None


def last_export_age(export_dir):
    exports = sorted(export_dir.glob("sales_*.csv"), key=lambda p: p.stat().st_mtime)
    if not exports:
        return None
    age = dt.datetime.now().timestamp() - exports[-1].stat().st_mtime
    return {"file": exports[-1].name, "age_hours": round(age / 3600, 1)}


def collect(kiosk_id, export_dir):
    du = shutil.disk_usage(".")
    return {
        "kiosk": kiosk_id,
        "at": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "os": os_release(),
        "cpu": cpu_model(),
        "memory": meminfo(),
        "uptime_h": uptime_hours(),
        "disk": {"total": du.total, "free": du.free,
                 "free_pct": round(100 * du.free / du.total, 1)},
        "last_export": last_export_age(export_dir),
    }


def post(url, api_key, report, retries=3):
    for attempt in range(1, retries + 1):
        try:
            r = requests.post(url, json=report, timeout=10,
                              headers={"X-Api-Key": api_key})
            r.raise_for_status()
            return True
        except requests.RequestException as exc:
            log.warning("check-in attempt %d failed: %s", attempt, exc)
    return False


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--kiosk-id", default=os.environ.get("KIOSK_ID", platform.node()))
    p.add_argument("--exports", type=Path, default=Path("exports"))
    p.add_argument("--no-post", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    report = collect(args.kiosk_id, args.exports)
    out = Path("health")
    out.mkdir(exist_ok=True)
    (out / "latest.json").write_text(json.dumps(report, indent=2))
    log.info("disk free %.1f%%, last export %s", report["disk"]["free_pct"],
             (report["last_export"] or {}).get("age_hours", "never"))
    if args.no_post:
        return 0

    api_key = os.environ.get("CLUBMON_API_KEY")
    if not api_key:
        log.error("CLUBMON_API_KEY not set; report kept locally only")
        return 1
    url = os.environ.get("CLUBMON_URL", DEFAULT_URL)
    return 0 if post(url, api_key, report) else 1


if __name__ == "__main__":
    sys.exit(main())
