#!/usr/bin/env python3
"""Yard camera health check.

Pings each camera's snapshot URL with a HEAD request, notes the NVR box's
OS and CPU, and writes a small JSON report for the morning checklist.
"""
import argparse
import json
import logging
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

import requests

log = logging.getLogger("cam_health")

CAMERAS = {
    "gate": "http://203.0.113.21/snapshot.jpg",
    "weighbridge": "http://203.0.113.22/snapshot.jpg",
    "converter_cage": "http://203.0.113.23/snapshot.jpg",
    "stockpile": "http://203.0.113.24/snapshot.jpg",
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


def probe(name, url, timeout):
    started = time.monotonic()
    try:
        r = requests.head(url, timeout=timeout, allow_redirects=True)
        elapsed = round((time.monotonic() - started) * 1000)
        ok = r.status_code == 200 and r.headers.get("Content-Type", "").startswith("image/")
        return {"camera": name, "ok": ok, "status": r.status_code, "ms": elapsed}
    except requests.RequestException as exc:
        return {"camera": name, "ok": False, "error": type(exc).__name__}


def write_report(report, target):
    """Write atomically so the checklist page never reads half a file."""
    target = Path(target)
    fd, tmp = tempfile.mkstemp(prefix=".cam_health_", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "w") as fh:
            json.dump(report, fh, indent=2)
        os.chmod(tmp, 0o600)
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="camera_health.json")
    ap.add_argument("--timeout", type=float, default=4.0)
    ap.add_argument("--only", nargs="*", help="check only these cameras")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    targets = {k: v for k, v in CAMERAS.items() if not args.only or k in args.only}
    if not targets:
        log.error("no matching cameras")
        return 2

    results = [probe(name, url, args.timeout) for name, url in targets.items()]
    for r in results:
        if r["ok"]:
            log.info("%-15s ok  %4d ms", r["camera"], r["ms"])
        else:
            log.warning("%-15s DOWN %s", r["camera"], r.get("error") or r.get("status"))

    report = {
        "checked_at": time.strftime("%Y-%m-%d %H:%M:%S"),
        "host_os": os_release(),
        "cpu": cpu_model(),
        "cameras": results,
    }
    write_report(report, args.out)
    down = sum(1 for r in results if not r["ok"])
    log.info("%d of %d cameras down", down, len(results))
    return 1 if down else 0


if __name__ == "__main__":
    sys.exit(main())
