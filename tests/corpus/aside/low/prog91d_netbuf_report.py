#!/usr/bin/env python3
"""Check kernel network buffers on match server hosts against a profile.

128-tick servers with 10 players plus GOTV relays drop packets with the stock
socket buffer sizes. This compares the running values with a named profile
from netprofiles.json (or a built-in one) and writes netbuf_report.json so the
infra lead can hand the list to the hosting provider before the event.

    netbuf_report.py --profile match128
    netbuf_report.py --profile relay --format text
"""
import argparse
import json
import logging
import platform
import sys
import time
from pathlib import Path

log = logging.getLogger("netbuf")

PROC_SYS = Path("/proc/sys")
REPORT = Path("netbuf_report.json")

BUILTIN_PROFILES = {
    "match128": {
        "net.core.rmem_max": 26214400,
        "net.core.wmem_max": 26214400,
        "net.core.rmem_default": 1048576,
        "net.core.wmem_default": 1048576,
        "net.core.netdev_max_backlog": 5000,
        "net.ipv4.udp_rmem_min": 16384,
        "net.ipv4.udp_wmem_min": 16384,
    },
    "relay": {
        "net.core.rmem_max": 67108864,
        "net.core.wmem_max": 67108864,
        "net.core.somaxconn": 4096,
    },
}


def key_to_path(key):
    return PROC_SYS.joinpath(*key.split("."))


def read_value(key):
    try:
        return int(key_to_path(key).read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


class Checker:
    def __init__(self):
        self.rows = []

    def check(self, key, wanted):
        current = read_value(key)
        if current is None:
            status = "missing"
        elif current >= wanted or (key.endswith("_default") and current == wanted):
            status = "ok"
        else:
            status = "low"
        self.rows.append({"key": key, "current": current, "wanted": wanted, "status": status})
        log.debug("%s current=%s wanted=%s -> %s", key, current, wanted, status)

    def check_profile(self, profile):
        for key, value in profile.items():
            self.check(key, int(value))

    @property
    def failing(self):
        return [r for r in self.rows if r["status"] != "ok"]


def load_profiles(path):
    profiles = dict(BUILTIN_PROFILES)
    if path.exists():
        profiles.update(json.loads(path.read_text()))
    return profiles


def host_info():
    info = {"host": platform.node(), "kernel": platform.release()}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                info["os"] = line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return info


def main():
    ap = argparse.ArgumentParser(description="compare network buffers with a profile")
    ap.add_argument("--profile", default="match128")
    ap.add_argument("--profiles-file", default="netprofiles.json", type=Path)
    ap.add_argument("--format", choices=("json", "text"), default="json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    profiles = load_profiles(args.profiles_file)
    if args.profile not in profiles:
        log.error("unknown profile %s (have: %s)", args.profile, ", ".join(sorted(profiles)))
        return 1

    checker = Checker()
    checker.check_profile(profiles[args.profile])

    if args.format == "text":
        for r in checker.rows:
            print(f"{r['status']:>8}  {r['key']:<32} {r['current']!s:>10} (want {r['wanted']})")
    else:
        report = {"generated": int(time.time()), "profile": args.profile,
                  "host": host_info(), "settings": checker.rows}
        REPORT.write_text(json.dumps(report, indent=2))
        log.info("wrote %s", REPORT)

    if checker.failing:
        log.warning("%d of %d settings below profile", len(checker.failing), len(checker.rows))
        return 1
    log.info("all %d settings meet profile %s", len(checker.rows), args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
