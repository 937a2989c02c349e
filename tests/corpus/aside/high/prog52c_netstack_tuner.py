#!/usr/bin/env python3
"""Apply a named kernel network tuning profile for load-test hosts.

Reads current values from /proc/sys, shows a diff and, with --apply, writes
the profile's values back so a benchmark run starts from a known state.
"""
import argparse
import codecs
import json
import logging
import os

log = logging.getLogger("nettune")

PROC_SYS = "/proc/sys"

PROFILES = {
    "loadgen": {
        "net.core.somaxconn": "65535",
        "net.ipv4.ip_local_port_range": "10000 65000",
        "net.ipv4.tcp_tw_reuse": "1",
        "net.ipv4.tcp_fin_timeout": "15",
        "net.core.netdev_max_backlog": "16384",
    },
    "lowlatency": {
        "net.ipv4.tcp_low_latency": "1",
        "net.core.busy_poll": "50",
        "net.core.busy_read": "50",
    },
}


def key_to_path(key):
    return os.path.join(PROC_SYS, *key.split("."))


def read_value(key):
    try:
        with codecs.open(key_to_path(key), "r", "ascii") as fh:
            return " ".join(fh.read().split())
    except OSError:
        return None


def write_value(key, value):
    path = key_to_path(key)
    with codecs.open(path, "w", "ascii") as fh:
        fh.write(value + "\n")
    return read_value(key)


def plan(profile):
    changes = []
    for key, wanted in profile.items():
        current = read_value(key)
        if current is None:
            log.warning("%s not available on this kernel", key)
            continue
        if current != " ".join(wanted.split()):
            changes.append((key, current, wanted))
    return changes


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("profile", choices=sorted(PROFILES))
    ap.add_argument("--apply", action="store_true")
    ap.add_argument("--save", help="write previous values to this JSON file")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    changes = plan(PROFILES[args.profile])
    if not changes:
        log.info("profile %s already active", args.profile)
        return 0
    for key, cur, new in changes:
        log.info("%-32s %-16s -> %s", key, cur, new)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as fh:
            json.dump({k: c for k, c, _ in changes}, fh, indent=2)
    if not args.apply:
        log.info("dry run; pass --apply to write")
        return 0
    failed = 0
    for key, _, new in changes:
        try:
            got = write_value(key, new)
            log.info("set %s = %s", key, got)
        except PermissionError:
            log.error("permission denied writing %s (run as root)", key)
            failed += 1
        except OSError as exc:
            log.error("%s: %s", key, exc)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
