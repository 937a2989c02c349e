#!/usr/bin/env python3
"""Quick health check for the press-room PC.

Collects OS version, CPU model, memory and free disk space, and checks
that the webshop, proof portal and courier API answer. Writes the result to
pressroom_health.json in the working directory and prints a summary; run
it before a big print day.
"""

import argparse
import json
import logging
import platform
import shutil
import socket
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("health")

ENDPOINTS = {
    "webshop": "https://shop.example.com/",
    "proof portal": "https://proofs.example.com/health",
    "courier api": "https://api.courier.example.com/v2/status",
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
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def mem_total_mb():
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                return int(line.split()[1]) // 1024
    except (OSError, ValueError):
        pass
    return None


def check_url(url, timeout):
    req = urllib.request.Request(url, method="HEAD")
    start = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            status = resp.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    except (urllib.error.URLError, socket.timeout) as exc:
        return {"ok": False, "error": str(exc)}
    return {"ok": status < 400, "status": status,
            "ms": round((time.monotonic() - start) * 1000)}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--min-free-gb", type=float, default=10.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    disk = shutil.disk_usage(".")
    report = {
        "host": socket.gethostname(),
        "os": os_release(),
        "cpu": cpu_model(),
        "mem_mb": mem_total_mb(),
        "free_gb": round(disk.free / 1e9, 1),
        "endpoints": {name: check_url(url, args.timeout)
                      for name, url in ENDPOINTS.items()},
    }

    Path("pressroom_health.json").write_text(json.dumps(report, indent=2))

    log.info("%s | %s | %s MB RAM | %.1f GB free",
             report["os"], report["cpu"], report["mem_mb"], report["free_gb"])
    problems = 0
    for name, res in report["endpoints"].items():
        if res["ok"]:
            log.info("  %-14s OK (%s ms)", name, res["ms"])
        else:
            log.warning("  %-14s FAIL %s", name, res.get("error", res.get("status")))
            problems += 1
    if report["free_gb"] < args.min_free_gb:
        log.warning("low disk space: %.1f GB free", report["free_gb"])
        problems += 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
