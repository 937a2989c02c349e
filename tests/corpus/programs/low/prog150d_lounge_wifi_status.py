#!/usr/bin/env python3
"""Health page generator for the pilot lounge wifi box.

Collects a few facts about the box (OS release, CPU model, load, disk),
checks that the uplink and the captive portal answer, and writes
status.json + status.html into ./www for the front desk to glance at.
"""
import argparse
import datetime
import json
import logging
import os
import shutil
import time

import requests

log = logging.getLogger("wifi_status")

CHECKS = {
    "uplink": "https://www.example.com/",
    "portal": "http://portal.example.net/health",
    "weather": "https://aviationweather.example.com/",
}
OUT_DIR = "www"
BUILD_DIR = ".status_build"


def os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path) as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", "unknown")


def cpu_model(path="/proc/cpuinfo"):
    try:
        with open(path) as fh:
            for line in fh:
                if line.lower().startswith(("model name", "hardware", "model")):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def probe(url, timeout=5):
    start = time.monotonic()
    try:
        r = requests.head(url, timeout=timeout, allow_redirects=True)
        return {"ok": r.status_code < 500, "code": r.status_code,
                "ms": int((time.monotonic() - start) * 1000)}
    except requests.RequestException as exc:
        return {"ok": False, "error": type(exc).__name__}


def gather():
    total, used, _ = shutil.disk_usage(".")
    return {
        "generated": datetime.datetime.now().isoformat(timespec="seconds"),
        "os": os_release(),
        "cpu": cpu_model(),
        "load": os.getloadavg()[0],
        "disk_used_pct": round(100 * used / total, 1),
        "checks": {name: probe(url) for name, url in CHECKS.items()},
    }


def render_html(status):
    rows = "".join(
        f"<tr><td>{n}</td><td>{'OK' if c['ok'] else 'DOWN'}</td><td>{c.get('ms', '-')}</td></tr>"
        for n, c in status["checks"].items()
    )
    return (f"<html><body><h1>Lounge wifi</h1><p>{status['generated']} - {status['os']}</p>"
            f"<table>{rows}</table></body></html>")


def publish(status):
    # build into a scratch folder, then swap into place
    os.makedirs(BUILD_DIR, exist_ok=True)
    with open(os.path.join(BUILD_DIR, "status.json"), "w") as fh:
        json.dump(status, fh, indent=2)
    with open(os.path.join(BUILD_DIR, "status.html"), "w") as fh:
        fh.write(render_html(status))
    os.makedirs(OUT_DIR, exist_ok=True)
    for name in ("status.json", "status.html"):
        os.replace(os.path.join(BUILD_DIR, name), os.path.join(OUT_DIR, name))
    shutil.rmtree(BUILD_DIR, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description="Lounge wifi status page")
    ap.add_argument("--loop", type=int, default=0, help="repeat every N seconds")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    while True:
        status = gather()
        publish(status)
        down = [n for n, c in status["checks"].items() if not c["ok"]]
        log.info("status published; down: %s", ", ".join(down) or "none")
        if not args.loop:
            break
        time.sleep(args.loop)


if __name__ == "__main__":
    main()
