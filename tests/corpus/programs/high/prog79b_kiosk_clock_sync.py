#!/usr/bin/env python3
"""Keep a punch-clock terminal on the correct local time.

Punches are stamped with the terminal's local clock, so a kiosk with the
wrong zone or a drifting clock produces overtime disputes.  This job
compares the host zone with the zone configured for the site, measures the
offset against the payroll server's HTTP Date header, writes a small report
for the fleet dashboard, and puts the zone right when it has drifted
(kiosks get re-imaged from a UTC master, so this happens after every
rebuild).

    kiosk_clock_sync.py [-c kiosk.ini] [--max-drift 30] [--no-fix]
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

log = logging.getLogger("clocksync")

ZONEINFO_ROOT = Path("/usr/share/zoneinfo")
LOCALTIME = Path("/etc/localtime")
TIMEZONE_FILE = Path("/etc/timezone")
REPORT = Path("reports/clock_check.json")


def read_config(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"site": {"timezone": "UTC",
                           "reference_url": "https://payroll.example.com/healthz",
                           "auto_fix": "yes"}})
    cp.read(path)
    return cp["site"]


def host_zone():
    env = os.environ.get("TZ")
    if env:
        return env.lstrip(":")
    try:
        return str(Path(os.path.realpath(LOCALTIME)).relative_to(ZONEINFO_ROOT))
    except (OSError, ValueError):
        pass
    try:
        return TIMEZONE_FILE.read_text().strip()
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


class ZoneFixer:
    """Point the host at a zone the way tzdata's postinst does."""

    def __init__(self, zone):
        self.zone = zone
        self.source = ZONEINFO_ROOT / zone

    def _relink(self):
        tmp = LOCALTIME.with_name(".localtime.new")
        if tmp.is_symlink() or tmp.exists():
            tmp.unlink()
        os.symlink(self.source, tmp)
        os.replace(tmp, LOCALTIME)

    def _rewrite_name(self):
        TIMEZONE_FILE.write_text(self.zone + "\n")
        os.chmod(TIMEZONE_FILE, 0o644)

    def apply(self):
        if not self.source.is_file():
            raise FileNotFoundError(self.source)
        self._relink()
        self._rewrite_name()
        time.tzset()
        log.info("host zone set to %s", self.zone)


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
    ap.add_argument("--no-fix", action="store_true", help="report only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    site = read_config(args.config)
    result = check(site, args.max_drift)
    fix = site.getboolean("auto_fix") and not args.no_fix
    if fix and result["host_zone"] != result["expected_zone"]:
        try:
            ZoneFixer(result["expected_zone"]).apply()
            result["fixed_zone"] = True
        except OSError as exc:
            log.error("could not set zone: %s", exc)
            result["fixed_zone"] = False

    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(result, indent=2))
    for p in result["problems"]:
        log.warning(p)
    log.info("report written to %s", REPORT)
    return 0 if result["ok"] or result.get("fixed_zone") else 1


if __name__ == "__main__":
    sys.exit(main())
