#!/usr/bin/env python3
"""Health check for the in-car telematics box.

Reports OS version, CPU model and the reachability of the fleet API, and
uploads the last trip summary (base64-wrapped, since the API only accepts
JSON) to the fleet service.  The API key comes from FLEET_API_KEY.
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

log = logging.getLogger("telematics-health")

FLEET_API = os.environ.get("FLEET_API", "https://fleet.example.com/api/v1")


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
                if line.lower().startswith(("model name", "hardware", "model")):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


class FleetClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.key = key

    def reachable(self):
        req = urllib.request.Request(self.base + "/status", method="HEAD")
        try:
            with urllib.request.urlopen(req, timeout=5) as resp:
                return resp.status < 500
        except urllib.error.URLError:
            return False

    def post(self, path, payload):
        req = urllib.request.Request(
            self.base + path, data=json.dumps(payload).encode(), method="POST",
            headers={"Content-Type": "application/json", "X-Api-Key": self.key})
        with urllib.request.urlopen(req, timeout=15) as resp:
            return resp.status


def trip_summary(path):
    if not os.path.exists(path):
        return None
    with open(path, "rb") as fh:
        return base64.b64encode(fh.read()).decode("ascii")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--car", required=True, help="registration")
    ap.add_argument("--trip", default="last_trip.csv")
    ap.add_argument("--no-upload", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("FLEET_API_KEY", "")
    client = FleetClient(FLEET_API, key)
    report = {"car": args.car, "os": os_release(), "cpu": cpu_model(),
              "api_reachable": client.reachable()}
    log.info("health: %s", report)

    if args.no_upload or not report["api_reachable"]:
        return 0 if report["api_reachable"] else 1
    if not key:
        log.error("FLEET_API_KEY not set; not uploading")
        return 1

    report["trip_b64"] = trip_summary(args.trip)
    try:
        status = client.post(f"/cars/{args.car}/health", report)
        log.info("uploaded health report (%s)", status)
    except urllib.error.URLError as exc:
        log.error("upload failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
