#!/usr/bin/env python3
"""Compare kernel network settings with the values our load tests expect.

Reads the current values from /proc/sys, prints a table of differences and,
with --apply, writes the recommended values so the benchmark can start
without hitting "connection reset" under load.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

PROC_SYS = Path("/proc/sys")

# key (dotted sysctl name) -> recommended value
PROFILES = {
    "loadtest": {
        "net.core.somaxconn": "4096",
        "net.ipv4.tcp_max_syn_backlog": "8192",
        "net.ipv4.ip_local_port_range": "10240 65000",
        "net.ipv4.tcp_tw_reuse": "1",
        "net.core.netdev_max_backlog": "16384",
    },
    "conservative": {
        "net.core.somaxconn": "1024",
        "net.ipv4.tcp_tw_reuse": "0",
    },
}

log = logging.getLogger("netstack")


def key_to_path(key: str) -> Path:
    return PROC_SYS.joinpath(*key.split("."))


def read_value(key: str):
    try:
        raw = key_to_path(key).read_text()
    except (FileNotFoundError, PermissionError) as exc:
        log.debug("cannot read %s: %s", key, exc)
        return None
    return " ".join(raw.split())


def diff_profile(profile):
    rows = []
    for key, wanted in profile.items():
        current = read_value(key)
        rows.append((key, current, wanted, current == wanted))
    return rows


def print_table(rows):
    width = max(len(r[0]) for r in rows)
    print(f"{'setting':<{width}}  {'current':>14}  {'wanted':>14}")
    for key, current, wanted, ok in rows:
        mark = " " if ok else "*"
        print(f"{key:<{width}}  {str(current):>14}  {wanted:>14} {mark}")


def apply_rows(rows) -> int:
    failures = 0
    for key, current, wanted, ok in rows:
        if ok or current is None:
            continue
        target = key_to_path(key)
        try:
            fd = os.open(target, os.O_WRONLY)
            try:
                os.write(fd, (wanted + "\n").encode())
            finally:
                os.close(fd)
            log.info("set %s = %s (was %s)", key, wanted, current)
        except PermissionError:
            log.error("permission denied writing %s (run as root)", target)
            failures += 1
        except OSError as exc:
            log.error("failed to set %s: %s", key, exc)
            failures += 1
    return failures


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", choices=sorted(PROFILES), default="loadtest")
    ap.add_argument("--apply", action="store_true",
                    help="write recommended values into /proc/sys")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    if not PROC_SYS.is_dir():
        log.error("/proc/sys not available; is this Linux?")
        return 2
    rows = diff_profile(PROFILES[args.profile])
    print_table(rows)
    pending = [r for r in rows if not r[3] and r[1] is not None]
    if not pending:
        log.info("all settings already match profile %s", args.profile)
        return 0
    if not args.apply:
        log.info("%d setting(s) differ; rerun with --apply to change them", len(pending))
        return 0
    return 1 if apply_rows(rows) else 0


if __name__ == "__main__":
    sys.exit(main())
