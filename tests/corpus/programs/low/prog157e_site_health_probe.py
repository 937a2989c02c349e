#!/usr/bin/env python3
"""Health probe for the laundry's customer-facing services.

Checks that the customer portal, the RFID tracking API and the delivery
tracking page answer, and records which host and OS the probe ran on so the
ops team can tell apart results from the plant PC and the office VM.
"""

import argparse
import json
import logging
import platform
import socket
import sys
import time
import urllib.error
import urllib.request

log = logging.getLogger("health_probe")

TARGETS = {
    "portal": ("GET", "https://portal.example.com/health"),
    "tracking_api": ("HEAD", "https://linen-tracking.example.com/api/v1/ping"),
    "deliveries": ("GET", "https://deliveries.example.net/status"),
}


def os_release():
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", platform.platform())


def cpu_model():
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


class Probe:
    def __init__(self, timeout):
        self.timeout = timeout

    def check(self, method, url):
        req = urllib.request.Request(url, method=method,
                                     headers={"User-Agent": "laundry-health-probe/1.2"})
        start = time.monotonic()
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                status = resp.status
        except urllib.error.HTTPError as exc:
            status = exc.code
        except (urllib.error.URLError, socket.timeout) as exc:
            return {"ok": False, "error": str(getattr(exc, "reason", exc))}
        ms = round((time.monotonic() - start) * 1000)
        return {"ok": 200 <= status < 400, "status": status, "ms": ms}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--timeout", type=float, default=8.0)
    ap.add_argument("--out", default="health_results.jsonl")
    ap.add_argument("--only", choices=sorted(TARGETS), action="append")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    probe = Probe(args.timeout)
    record = {
        "ts": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "host": socket.gethostname(),
        "os": os_release(),
        "cpu": cpu_model(),
        "results": {},
    }
    failures = 0
    for name, (method, url) in TARGETS.items():
        if args.only and name not in args.only:
            continue
        res = probe.check(method, url)
        record["results"][name] = res
        if not res["ok"]:
            failures += 1
            log.warning("%s DOWN: %s", name, res)
        else:
            log.info("%s ok (%s, %d ms)", name, res["status"], res["ms"])

    with open(args.out, "a") as fh:
        fh.write(json.dumps(record) + "\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
