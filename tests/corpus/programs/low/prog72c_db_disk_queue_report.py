#!/usr/bin/env python3
"""db_disk_queue_report - compare block-queue settings of database volumes with a profile.

Each profile in ./disk_profiles.json says which devices it covers (glob on the
kernel name) and what queue settings database volumes should carry:

    {"nvme*": {"scheduler": "none", "read_ahead_kb": 128, "nr_requests": 1023},
     "sd*":   {"scheduler": "mq-deadline", "read_ahead_kb": 256}}

Devices are discovered from sysfs and compared against the profile.  The
drift is printed as a table and saved to ./disk_queue_report.json so the
platform team can fold it into the change ticket.
"""
import argparse
import datetime as dt
import fnmatch
import json
import logging
import re
import sys
from pathlib import Path

log = logging.getLogger("disk_queue_report")

SYS_BLOCK = Path("/sys/block")
TUNABLES = ("scheduler", "read_ahead_kb", "nr_requests", "rotational", "max_sectors_kb")

DEFAULT_PROFILE = {
    "nvme*": {"scheduler": "none", "read_ahead_kb": 128},
    "sd*": {"scheduler": "mq-deadline", "read_ahead_kb": 256},
    "vd*": {"scheduler": "mq-deadline", "read_ahead_kb": 256},
}


def load_profile(path):
    p = Path(path)
    if p.is_file():
        return json.loads(p.read_text())
    log.info("no %s, using built-in profile", path)
    return DEFAULT_PROFILE


def current_value(dev, name):
    try:
        raw = (SYS_BLOCK / dev / "queue" / name).read_text().strip()
    except OSError:
        return None
    if name == "scheduler":
        m = re.search(r"\[([^\]]+)\]", raw)
        return m.group(1) if m else raw
    return raw


def device_model(dev):
    for rel in ("device/model", "device/name"):
        try:
            return (SYS_BLOCK / dev / rel).read_text().strip()
        except OSError:
            continue
    return "?"


def discover():
    for entry in sorted(SYS_BLOCK.iterdir()):
        if entry.name.startswith(("loop", "ram", "zram", "dm-", "md")):
            continue
        yield entry.name


def match_profile(dev, profile):
    for pattern, settings in profile.items():
        if fnmatch.fnmatch(dev, pattern):
            return pattern, settings
    return None, None


def os_pretty_name():
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return "unknown"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", default="disk_profiles.json")
    ap.add_argument("--device", action="append", help="limit to these kernel names")
    ap.add_argument("--output", default="disk_queue_report.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    profile = load_profile(args.profile)
    drift = []
    for dev in discover():
        if args.device and dev not in args.device:
            continue
        pattern, wanted = match_profile(dev, profile)
        if not wanted:
            log.debug("%s: no profile", dev)
            continue
        for name, value in wanted.items():
            if name not in TUNABLES:
                log.warning("%s: unknown tunable %s", pattern, name)
                continue
            have = current_value(dev, name)
            if have == str(value):
                continue
            drift.append({"device": dev, "model": device_model(dev), "profile": pattern,
                          "tunable": name, "current": have, "wanted": value})

    print(f"{'DEVICE':10} {'TUNABLE':16} {'CURRENT':14} WANTED")
    for d in drift:
        print(f"{d['device']:10} {d['tunable']:16} {str(d['current']):14} {d['wanted']}")

    report = {
        "generated": dt.datetime.now(dt.timezone.utc).isoformat(),
        "os": os_pretty_name(),
        "profile_file": args.profile,
        "drift": drift,
    }
    Path(args.output).write_text(json.dumps(report, indent=2) + "\n")
    log.info("%d drifting settings, report in %s", len(drift), args.output)
    return 1 if drift else 0


if __name__ == "__main__":
    sys.exit(main())
