#!/usr/bin/env python3
"""Build a support report for the game-master dashboard and send it to support.

Collects the tail of the dashboard logs, the dashboard config (with anything
that looks like a credential masked) and basic host facts, and posts them as
JSON to the support portal API so the on-call engineer has the full picture.

Usage:
    gm_support_report.py [--ticket GM-1234] [--keep] [--no-upload]
"""

import argparse
import glob
import json
import logging
import os
import platform
import re
import socket
import time
from pathlib import Path

import requests

log = logging.getLogger("gm_support")

SUPPORT_URL = os.environ.get("GMDASH_SUPPORT_URL", "https://support.example.net/api/v1/reports")
SUPPORT_KEY_ENV = "GMDASH_SUPPORT_KEY"

LOG_GLOB = "logs/*.log"
CONFIG_GLOB = "config/*.json"
LOG_TAIL_LINES = 400
SECRET_KEY_RE = re.compile(r"(pass|secret|token|key|credential)", re.I)


def read_os_release():
    facts = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip("\n").split("=", 1)
                    facts[k] = v.strip('"')
    except OSError:
        pass
    return facts


def host_facts():
    return {
        "hostname": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "os_release": read_os_release(),
        "collected_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }


def mask(obj):
    if isinstance(obj, dict):
        return {k: ("***" if SECRET_KEY_RE.search(k) else mask(v)) for k, v in obj.items()}
    if isinstance(obj, list):
        return [mask(v) for v in obj]
    return obj


def tail(path, lines):
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.readlines()[-lines:]
    except OSError as exc:
        log.debug("cannot read %s: %s", path, exc)
        return []


def build_report(ticket):
    report = {"ticket": ticket or "unassigned", "host": host_facts(), "logs": {}, "config": {}}
    for path in sorted(glob.glob(LOG_GLOB)):
        report["logs"][Path(path).name] = "".join(tail(path, LOG_TAIL_LINES))
    for path in sorted(glob.glob(CONFIG_GLOB)):
        try:
            with open(path, encoding="utf-8") as fh:
                report["config"][Path(path).name] = mask(json.load(fh))
        except (OSError, ValueError) as exc:
            report["config"][Path(path).name] = f"<unreadable: {exc}>"
    log.info("report has %d log(s) and %d config file(s)", len(report["logs"]), len(report["config"]))
    return report


def upload(report, api_key, retries=3):
    headers = {"Authorization": f"Bearer {api_key}", "Content-Type": "application/json"}
    for attempt in range(1, retries + 1):
        try:
            resp = requests.post(SUPPORT_URL, json=report, headers=headers, timeout=30)
            resp.raise_for_status()
            return resp.json().get("id", "?")
        except requests.RequestException as exc:
            log.warning("upload attempt %d failed: %s", attempt, exc)
            time.sleep(2 * attempt)
    raise RuntimeError("upload failed after retries")


def main(argv=None):
    ap = argparse.ArgumentParser(description="GM dashboard support report")
    ap.add_argument("--ticket", help="support ticket number")
    ap.add_argument("--keep", action="store_true", help="also keep a local copy")
    ap.add_argument("--no-upload", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    report = build_report(args.ticket)
    if args.keep or args.no_upload:
        out = Path(f"support-report-{int(time.time())}.json")
        out.write_text(json.dumps(report, indent=2), encoding="utf-8")
        log.info("saved %s", out)
    if not args.no_upload:
        api_key = os.environ.get(SUPPORT_KEY_ENV)
        if not api_key:
            log.error("%s is not set; use --no-upload to only save locally", SUPPORT_KEY_ENV)
            return 2
        ref = upload(report, api_key)
        print(f"Report uploaded, reference {ref}. Quote it in the support ticket.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
