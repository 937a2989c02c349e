#!/usr/bin/env python3
"""Pre-launch status check for the tractor telemetry laptop.

Run by the shore crew before an exercise: checks the laptop can reach the
fleet dashboard and the telemetry ingest endpoint, records what machine it
is running on, and files a short status report (with an optional photo of
the tractor's dash panel) to the fleet API.
"""
import argparse
import base64
import json
import logging
import os
import platform
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("status_check")

FLEET_API = os.environ.get("FLEET_API", "https://fleet.example.com/api/v1")
ENDPOINTS = {
    "dashboard": "https://fleet.example.com/health",
    "ingest": "https://ingest.example.com/ping",
}


def os_release():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", platform.platform())


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def probe(name, url):
    start = time.monotonic()
    try:
        resp = requests.head(url, timeout=5, allow_redirects=True)
        if resp.status_code == 405:
            resp = requests.get(url, timeout=5)
        ok = resp.status_code < 400
        code = resp.status_code
    except requests.RequestException as exc:
        LOG.warning("%s unreachable: %s", name, exc)
        ok, code = False, None
    ms = int((time.monotonic() - start) * 1000)
    return {"name": name, "ok": ok, "status": code, "ms": ms}


def encode_photo(path):
    if not path:
        return None
    data = Path(path).read_bytes()
    if len(data) > 4 * 1024 * 1024:
        LOG.warning("photo larger than 4 MB, not attaching")
        return None
    return {"filename": Path(path).name, "content_b64": base64.b64encode(data).decode("ascii")}


def file_report(report):
    key = os.environ.get("FLEET_API_KEY")
    if not key:
        LOG.info("FLEET_API_KEY not set; report saved locally only")
        return False
    resp = requests.post(f"{FLEET_API}/status-reports", json=report,
                         headers={"X-Api-Key": key}, timeout=15)
    resp.raise_for_status()
    return True


def main():
    ap = argparse.ArgumentParser(description="Pre-launch laptop status check")
    ap.add_argument("--crew", required=True, help="name of the shore crew member")
    ap.add_argument("--photo", help="photo of the dash panel (jpg)")
    ap.add_argument("--out", default="status_report.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    checks = [probe(n, u) for n, u in ENDPOINTS.items()]
    report = {
        "crew": args.crew,
        "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "host": platform.node(),
        "os": os_release(),
        "cpu": cpu_model(),
        "checks": checks,
    }
    try:
        report["photo"] = encode_photo(args.photo)
    except OSError as exc:
        LOG.warning("could not read photo: %s", exc)

    Path(args.out).write_text(json.dumps(report, indent=2))
    for c in checks:
        LOG.info("%-10s %s (%s ms)", c["name"], "OK" if c["ok"] else "FAIL", c["ms"])
    try:
        if file_report(report):
            LOG.info("report filed")
    except requests.RequestException as exc:
        LOG.error("could not file report: %s", exc)
    return 0 if all(c["ok"] for c in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
