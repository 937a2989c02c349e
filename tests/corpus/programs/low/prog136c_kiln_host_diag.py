#!/usr/bin/env python3
"""Kiln host diagnostics.

Collects a short health report from the small PC that runs the kiln
controller software: OS release, CPU model, whether the dashboard answers,
and the last few thermocouple samples. The report is posted to the studio's
monitoring API, authenticated with a key from the environment.
"""
import argparse
import base64
import json
import logging
import os
import platform
import sys
import urllib.error
import urllib.request

log = logging.getLogger("host-diag")

MONITOR_URL = os.environ.get("MONITOR_URL", "https://monitor.example.com/api/reports")
DASHBOARD_URL = os.environ.get("DASHBOARD_URL", "https://dashboard.example.com/health")


def os_release():
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", platform.platform())


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.lower().startswith(("model name", "hardware")):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def dashboard_up(url, timeout=5):
    req = urllib.request.Request(url, method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status < 400
    except (urllib.error.URLError, OSError) as exc:
        log.warning("dashboard check failed: %s", exc)
        return False


def recent_samples(path, limit=20):
    """Pack the tail of the local samples file; the API expects base64."""
    try:
        with open(path, "rb") as fh:
            tail = fh.readlines()[-limit:]
    except OSError:
        return ""
    return base64.b64encode(b"".join(tail)).decode("ascii")


def post_report(report, api_key, timeout=10):
    body = json.dumps(report).encode("utf-8")
    req = urllib.request.Request(
        MONITOR_URL, data=body, method="POST",
        headers={"Content-Type": "application/json", "X-Api-Key": api_key},
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main(argv=None):
    ap = argparse.ArgumentParser(description="Kiln PC health report")
    ap.add_argument("--samples", default="samples.csv")
    ap.add_argument("--print-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    report = {
        "station": os.environ.get("STATION_NAME", "kiln-pc"),
        "os": os_release(),
        "cpu": cpu_model(),
        "dashboard_ok": dashboard_up(DASHBOARD_URL),
        "samples_b64": recent_samples(args.samples),
    }

    if args.print_only:
        print(json.dumps(report, indent=2))
        return 0

    api_key = os.environ.get("MONITOR_API_KEY")
    if not api_key:
        log.error("MONITOR_API_KEY is not set; use --print-only to just view")
        return 1
    try:
        status = post_report(report, api_key)
    except (urllib.error.URLError, OSError) as exc:
        log.error("could not send report: %s", exc)
        return 2
    log.info("report accepted (HTTP %s)", status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
