#!/usr/bin/env python3
"""Waiver kiosk health report.

Checks that the kiosk can reach the waiver service and the status page,
records basic host facts, and writes a JSON report into the current
directory for the morning opening checklist.
"""

import argparse
import json
import logging
import os
import platform
import sys
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("kiosk-health")

ENDPOINTS = {
    "waiver_api": ("HEAD", "https://" + ".".join(["waivers", "example", "com"]) + "/healthz"),
    "status_page": ("GET", "https://status.example.com/api/v1/summary"),
    "signage": ("HEAD", "https://signage.example.org/ping"),
}

HOST_FILES = {
    "os": os.path.join(os.sep, "etc", "os-release"),
    "cpu": os.path.join(os.sep, "proc", "cpuinfo"),
}


def probe(method, url, timeout):
    req = urllib.request.Request(url, method=method,
                                 headers={"User-Agent": "kiosk-health/1.3"})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            code = resp.status
            if method == "GET":
                resp.read(4096)
    except urllib.error.HTTPError as exc:
        code = exc.code
    except (urllib.error.URLError, OSError) as exc:
        return {"ok": False, "error": str(exc), "ms": None}
    ms = round((time.monotonic() - started) * 1000)
    return {"ok": 200 <= code < 400, "code": code, "ms": ms}


def parse_os_release(path):
    facts = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip("\n").split("=", 1)
                    facts[k] = v.strip('"')
    except OSError as exc:
        LOG.warning("cannot read %s: %s", path, exc)
    return {k: facts.get(k) for k in ("NAME", "VERSION_ID", "PRETTY_NAME")}


def parse_cpuinfo(path):
    model, cores = None, 0
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("processor"):
                    cores += 1
                elif line.startswith(("model name", "Model")) and model is None:
                    model = line.split(":", 1)[1].strip()
    except OSError as exc:
        LOG.warning("cannot read %s: %s", path, exc)
    return {"model": model, "cores": cores}


def collect(timeout):
    report = {
        "generated": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "node": platform.node(),
        "os": parse_os_release(HOST_FILES["os"]),
        "cpu": parse_cpuinfo(HOST_FILES["cpu"]),
        "checks": {},
    }
    for name, (method, url) in ENDPOINTS.items():
        report["checks"][name] = probe(method, url, timeout)
        LOG.info("%-12s %s", name, "ok" if report["checks"][name]["ok"] else "FAIL")
    report["healthy"] = all(c["ok"] for c in report["checks"].values())
    return report


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--out", default="kiosk-health.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    out = os.path.basename(args.out)  # keep the report in the working directory
    report = collect(args.timeout)
    try:
        with open(out, "w", encoding="utf-8") as fh:
            json.dump(report, fh, indent=2)
    except OSError as exc:
        LOG.error("cannot write %s: %s", out, exc)
        return 1
    LOG.info("report written to %s (healthy=%s)", out, report["healthy"])
    return 0 if report["healthy"] else 3


if __name__ == "__main__":
    sys.exit(main())
