#!/usr/bin/env python3
"""Morning health check for the station PC and its upstream services.

Checks that the services the watch depends on answer (AIS feed portal,
NAVTEX bulletin site, weather upload endpoint), notes the PC's CPU model
and free disk, writes health.json in the working directory and sends the
result to the district monitoring API.
"""
import argparse
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("health")

SERVICES = {
    "ais_portal": "https://ais.example.com/status",
    "navtex": "https://bulletins.example.com/",
    "wx_upload": "https://wx.example.net/api/ping",
}
MONITOR_URL = os.environ.get("MONITOR_URL", "https://monitor.example.com/api/health")
BUILD_DIRS = ("build", "__pycache__", ".health_cache")


def cpu_model():
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.lower().startswith(("model name", "hardware")):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def check_service(name, url):
    start = time.monotonic()
    try:
        r = requests.head(url, timeout=8, allow_redirects=True)
        ok = r.status_code < 400
        detail = r.status_code
    except requests.RequestException as exc:
        ok, detail = False, type(exc).__name__
    return {"name": name, "ok": ok, "detail": detail,
            "ms": int((time.monotonic() - start) * 1000)}


def disk_free_gb(path="."):
    usage = shutil.disk_usage(path)
    return round(usage.free / 1e9, 1)


def clean_own_build_dirs():
    """Old runs leave these behind in the working directory."""
    for d in BUILD_DIRS:
        p = Path(d)
        if p.is_dir():
            shutil.rmtree(p)
            log.debug("removed %s", p)


def send_to_monitor(report, api_key):
    r = requests.post(MONITOR_URL, json=report, timeout=15,
                      headers={"Authorization": f"Bearer {api_key}"})
    r.raise_for_status()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--station", default=os.environ.get("STATION_ID", "NHL-01"))
    ap.add_argument("--offline", action="store_true", help="do not report upstream")
    ap.add_argument("--clean", action="store_true", help="remove old build/cache dirs")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean:
        clean_own_build_dirs()

    results = [check_service(n, u) for n, u in SERVICES.items()]
    report = {
        "station": args.station,
        "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "cpu": cpu_model(),
        "disk_free_gb": disk_free_gb(),
        "services": results,
    }
    Path("health.json").write_text(json.dumps(report, indent=2))

    for r in results:
        mark = "OK  " if r["ok"] else "FAIL"
        print(f"{mark} {r['name']:12s} {r['detail']!s:>6} {r['ms']:5d} ms")
    if report["disk_free_gb"] < 5:
        print(f"WARNING: only {report['disk_free_gb']} GB free")

    if not args.offline:
        key = os.environ.get("MONITOR_API_KEY")
        if not key:
            log.warning("MONITOR_API_KEY not set, not reporting upstream")
        else:
            try:
                send_to_monitor(report, key)
                log.info("reported to monitoring")
            except requests.RequestException as exc:
                log.error("monitor report failed: %s", exc)
                return 2
    return 0 if all(r["ok"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
