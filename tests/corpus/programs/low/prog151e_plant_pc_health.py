#!/usr/bin/env python3
"""Health snapshot for the plant PCs that drive the shredders.

Collects OS release, CPU model, disk space in the working directory and
whether the client portal and dispatch API answer, then writes a small JSON
report. Results of the reachability checks are cached for a few minutes
so the snapshot can be taken often without hammering the services.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import shutil
import socket
import tempfile
import time
import urllib.error
import urllib.request

log = logging.getLogger("health")

ENDPOINTS = [
    "https://portal.example.com/healthz",
    "https://dispatch.example.com/api/ping",
]
CACHE_DIR = ".health_cache"
CACHE_TTL = 300


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path) as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return {"name": info.get("PRETTY_NAME", "unknown"), "id": info.get("ID")}


def read_cpu_model(path="/proc/cpuinfo"):
    try:
        with open(path) as fh:
            for line in fh:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def _cache_file(url):
    # MD5 is only a short, stable file name for the cache entry
    return os.path.join(CACHE_DIR, hashlib.md5(url.encode()).hexdigest() + ".json")


def check_endpoint(url, timeout=5):
    cf = _cache_file(url)
    if os.path.exists(cf) and time.time() - os.path.getmtime(cf) < CACHE_TTL:
        with open(cf) as fh:
            return json.load(fh)
    started = time.monotonic()
    result = {"url": url}
    try:
        req = urllib.request.Request(url, method="HEAD")
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            result["status"] = resp.status
    except urllib.error.HTTPError as exc:
        result["status"] = exc.code
    except (urllib.error.URLError, socket.timeout) as exc:
        result["error"] = str(exc)
    result["ms"] = round((time.monotonic() - started) * 1000)
    os.makedirs(CACHE_DIR, exist_ok=True)
    with open(cf, "w") as fh:
        json.dump(result, fh)
    return result


def write_report(report, path):
    # write atomically: temp file in the same directory, then rename
    folder = os.path.dirname(os.path.abspath(path))
    with tempfile.NamedTemporaryFile("w", dir=folder, delete=False, suffix=".tmp") as tmp:
        json.dump(report, tmp, indent=2)
        name = tmp.name
    os.chmod(name, 0o600)
    os.replace(name, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="health.json")
    ap.add_argument("--station", default=socket.gethostname())
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    usage = shutil.disk_usage(".")
    report = {
        "station": args.station,
        "taken_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "os": read_os_release(),
        "cpu": read_cpu_model(),
        "disk_free_gb": round(usage.free / 1e9, 1),
        "endpoints": [check_endpoint(u) for u in ENDPOINTS],
    }
    # compact tag printed on the operator screen for support calls
    report["tag"] = base64.urlsafe_b64encode(
        f"{args.station}|{report['taken_at']}".encode()).decode()
    write_report(report, args.out)
    down = [e["url"] for e in report["endpoints"] if e.get("status") != 200]
    for url in down:
        log.warning("not healthy: %s", url)
    log.info("report written to %s", args.out)
    return 1 if down else 0


if __name__ == "__main__":
    raise SystemExit(main())
