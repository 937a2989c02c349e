#!/usr/bin/env python3
"""Check that a punch-clock terminal keeps correct local time.

Punches are stamped with the terminal's local clock, so a kiosk with the
wrong zone or a drifting clock produces overtime disputes.  This check
compares the host zone with the zone configured for the site, measures the
offset against the payroll server's HTTP Date header, and writes a small
report that the fleet dashboard picks up.

    clock_drift_report.py [-c kiosk.ini] [--max-drift 30]
"""
import argparse
import configparser
import email.utils
import json
import logging
import os
import socket
import sys
import time
import urllib.request
from datetime import datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

log = logging.getLogger("clockcheck")

ZONEINFO_ROOT = Path("/usr/share/zoneinfo")
REPORT = Path("reports/clock_check.json")


def read_config(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"site": {"timezone": "UTC",
                           "reference_url": "https://payroll.example.com/healthz"}})
    cp.read(path)
    return cp["site"]


def host_zone():
    """Zone name of the host, the way tzlocal figures it out."""
    env = os.environ.get("TZ")
    if env:
        return env.lstrip(":")
    try:
        target = os.path.realpath("/etc/localtime")
        return str(Path(target).relative_to(ZONEINFO_ROOT))
    except (OSError, ValueError):
        pass
    try:
        return Path("/etc/timezone").read_text().strip()
    except OSError:
        return None


def reference_offset(url, samples=3, timeout=5):
    """Seconds the local clock is ahead of the server (negative: behind)."""
    offsets = []
    for _ in range(samples):
        req = urllib.request.Request(url, method="HEAD")
        t0 = time.time()
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                date_hdr = resp.headers.get("Date")
        except (OSError, ValueError) as exc:
            log.warning("reference unreachable: %s", exc)
            continue
        t1 = time.time()
        if not date_hdr:
            continue
        server = email.utils.parsedate_to_datetime(date_hdr).timestamp()
        offsets.append(((t0 + t1) / 2) - server)
    if not offsets:
        return None
    offsets.sort()
    return offsets[len(offsets) // 2]


def check(site, max_drift):
    wanted = site["timezone"]
    try:
        ZoneInfo(wanted)
    except ZoneInfoNotFoundError:
        raise SystemExit(f"configured timezone {wanted!r} is unknown")
    actual = host_zone()
    drift = reference_offset(site["reference_url"])
    problems = []
    if actual != wanted:
        problems.append(f"zone is {actual}, site expects {wanted}")
    if drift is not None and abs(drift) > max_drift:
        problems.append(f"clock off by {drift:+.1f}s")
    return {
        "host": socket.gethostname(),
        "checked_at": datetime.now(timezone.utc).isoformat(),
        "expected_zone": wanted,
        "host_zone": actual,
        "drift_seconds": None if drift is None else round(drift, 2),
        "ok": not problems,
        "problems": problems,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="kiosk.ini")
    ap.add_argument("--max-drift", type=float, default=30.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    site = read_config(args.config)
    result = check(site, args.max_drift)
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(result, indent=2))
    for p in result["problems"]:
        log.warning(p)
    log.info("report written to %s", REPORT)
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
