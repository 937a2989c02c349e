#!/usr/bin/env python3
"""Push kiosk health metrics to the museum fleet dashboard.

Collects basic health facts about this exhibit kiosk (OS release, CPU model,
load, uptime, free disk in the working directory) plus any exhibit counters
piped in on stdin as KEY=VALUE lines, for example:

    exhibit-counters | kiosk_metrics_push.py --kiosk tide-table-2

and posts them as JSON to the dashboard API. The API key is read from the
FLEET_API_KEY environment variable and sent only to that API.
"""
import argparse
import json
import logging
import os
import shutil
import sys
import time
import urllib.error
import urllib.request

API_URL = "https://fleet.example.com/api/v1/metrics"
LAST_SENT = "last_metrics.json"

log = logging.getLogger("metrics-push")


class HealthCollector:
    def os_release(self):
        info = {}
        try:
            with open("/etc/os-release") as fh:
                for line in fh:
                    if "=" in line:
                        k, v = line.rstrip("\n").split("=", 1)
                        info[k] = v.strip('"')
        except OSError as exc:
            log.warning("os-release unreadable: %s", exc)
        return info.get("PRETTY_NAME", "unknown")

    def cpu_model(self):
        try:
            with open("/proc/cpuinfo") as fh:
                for line in fh:
                    if line.startswith(("model name", "Model")):
                        return line.split(":", 1)[1].strip()
        except OSError:
            pass
        return "unknown"

    def collect(self):
        load1, load5, _ = os.getloadavg()
        usage = shutil.disk_usage(".")
        with open("/proc/uptime") as fh:
            uptime = float(fh.read().split()[0])
        return {
            "os": self.os_release(),
            "cpu": self.cpu_model(),
            "load1": round(load1, 2),
            "load5": round(load5, 2),
            "uptime_s": int(uptime),
            "disk_free_mb": usage.free // (1024 * 1024),
        }


def read_counters(stream):
    counters = {}
    for line in stream:
        line = line.strip()
        if not line or "=" not in line:
            continue
        key, value = line.split("=", 1)
        try:
            counters[key.strip()] = int(value)
        except ValueError:
            log.debug("ignoring non-numeric counter %s", key)
    return counters


def post(url, payload, api_key, timeout):
    req = urllib.request.Request(
        url, data=json.dumps(payload).encode(), method="POST",
        headers={"Content-Type": "application/json", "Authorization": "Bearer " + api_key})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def parse_args():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--kiosk", default=os.environ.get("KIOSK_NAME", os.uname().nodename))
    p.add_argument("--url", default=os.environ.get("FLEET_API_URL", API_URL))
    p.add_argument("--timeout", type=float, default=10.0)
    p.add_argument("--dry-run", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    payload = {"kiosk": args.kiosk, "ts": int(time.time()),
               "health": HealthCollector().collect(),
               "counters": {} if sys.stdin.isatty() else read_counters(sys.stdin)}
    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return 0
    api_key = os.environ.get("FLEET_API_KEY")
    if not api_key:
        log.error("FLEET_API_KEY is not set")
        return 1
    try:
        status = post(args.url, payload, api_key, args.timeout)
    except (urllib.error.URLError, OSError) as exc:
        log.error("push failed: %s", exc)
        return 1
    with open(LAST_SENT, "w") as fh:
        json.dump(payload, fh)
    os.chmod(LAST_SENT, 0o600)
    log.info("metrics for %s accepted (HTTP %d)", args.kiosk, status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
