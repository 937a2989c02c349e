#!/usr/bin/env python3
"""Pre-flight for the high-concurrency link checker.

Checking ~2M outbound links per night exhausts ephemeral ports and leaves
thousands of sockets in TIME_WAIT. This helper inspects the relevant kernel
knobs, applies the crawl profile, and can restore the previous values.
"""
import argparse
import json
import logging
import os
import resource
import sys
from pathlib import Path

log = logging.getLogger("netstack")
PROC_SYS = Path("/proc/sys")
BACKUP = Path("netstack_backup.json")

CRAWL_PROFILE = {
    "net/ipv4/ip_local_port_range": "10240 65000",
    "net/ipv4/tcp_tw_reuse": "1",
    "net/ipv4/tcp_fin_timeout": "15",
    "net/core/somaxconn": "4096",
    "net/ipv4/tcp_max_syn_backlog": "8192",
    "fs/file-max": "2097152",
}


class Knob:
    def __init__(self, key):
        self.key = key
        self.path = PROC_SYS / key

    def read(self):
        try:
            return " ".join(self.path.read_text().split())
        except OSError as exc:
            log.debug("cannot read %s: %s", self.path, exc)
            return None

    def write(self, value):
        with open(self.path, "w") as fh:
            fh.write(value + "\n")


def show(profile):
    for key, wanted in profile.items():
        cur = Knob(key).read()
        mark = "ok " if cur == wanted else "-> "
        print(f"{mark}{key:35} current={cur!s:18} crawl={wanted}")


def apply(profile, dry_run):
    previous = {}
    for key, wanted in profile.items():
        knob = Knob(key)
        cur = knob.read()
        if cur is None or cur == wanted:
            continue
        previous[key] = cur
        if dry_run:
            log.info("would set %s = %s (was %s)", key, wanted, cur)
            continue
        try:
            knob.write(wanted)
            log.info("set %s = %s (was %s)", key, wanted, cur)
        except PermissionError:
            log.error("permission denied for %s; run as root", knob.path)
            return 1
    if previous and not dry_run:
        BACKUP.write_text(json.dumps(previous, indent=2))
        log.info("saved previous values to %s", BACKUP)
    return 0


def restore():
    if not BACKUP.exists():
        log.error("nothing to restore")
        return 1
    for key, value in json.loads(BACKUP.read_text()).items():
        Knob(key).write(value)
        log.info("restored %s = %s", key, value)
    BACKUP.unlink()
    return 0


def raise_nofile(target=65535):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    new_soft = min(target, hard)
    if new_soft > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (new_soft, hard))
        log.info("RLIMIT_NOFILE %d -> %d", soft, new_soft)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["show", "apply", "restore"])
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if args.action == "show":
        show(CRAWL_PROFILE)
        return 0
    if args.action == "restore":
        return restore()
    if os.geteuid() != 0 and not args.dry_run:
        log.warning("not root; writes to %s will probably fail", PROC_SYS)
    raise_nofile()
    return apply(CRAWL_PROFILE, args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
