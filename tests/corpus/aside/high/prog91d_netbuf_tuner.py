#!/usr/bin/env python3
"""Tune kernel network buffers on match server hosts.

128-tick servers with 10 players plus GOTV relays drop packets with the stock
socket buffer sizes. This applies a named profile from netprofiles.json (or a
built-in one), saves the previous values to netbuf_backup.json so they can be
restored after the event, and reports what changed.

    netbuf_tuner.py --profile match128
    netbuf_tuner.py --restore
"""
import argparse
import json
import logging
import sys
from pathlib import Path

log = logging.getLogger("netbuf")

PROC_SYS = Path("/proc/sys")
BACKUP = Path("netbuf_backup.json")

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


class Tuner:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.changed = {}

    def apply(self, key, value):
        before = read_value(key)
        if before is None:
            log.warning("%s not available on this kernel", key)
            return
        if before >= value and not key.endswith("_default"):
            log.debug("%s already %d >= %d", key, before, value)
            return
        self.changed[key] = before
        if self.dry_run:
            log.info("[dry-run] %s %d -> %d", key, before, value)
            return
        with open(key_to_path(key), "w") as fh:
            fh.write(f"{value}\n")
        log.info("%s %d -> %d", key, before, value)

    def apply_profile(self, profile):
        for key, value in profile.items():
            try:
                self.apply(key, int(value))
            except PermissionError:
                log.error("no permission to set %s (run on the server host as admin)", key)
                raise

    def save_backup(self):
        if not self.changed or self.dry_run:
            return
        old = json.loads(BACKUP.read_text()) if BACKUP.exists() else {}
        for k, v in self.changed.items():
            old.setdefault(k, v)  # keep the earliest original value
        BACKUP.write_text(json.dumps(old, indent=2))
        log.info("previous values saved to %s", BACKUP)


def load_profiles(path):
    profiles = dict(BUILTIN_PROFILES)
    if path.exists():
        profiles.update(json.loads(path.read_text()))
    return profiles


def main():
    ap = argparse.ArgumentParser(description="apply network buffer profile")
    ap.add_argument("--profile", default="match128")
    ap.add_argument("--profiles-file", default="netprofiles.json", type=Path)
    ap.add_argument("--restore", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    tuner = Tuner(dry_run=args.dry_run)
    try:
        if args.restore:
            if not BACKUP.exists():
                log.error("nothing to restore, %s missing", BACKUP)
                return 1
            for key, value in json.loads(BACKUP.read_text()).items():
                tuner.dry_run or key_to_path(key).write_text(f"{value}\n")
                log.info("restored %s = %s", key, value)
            BACKUP.unlink()
            return 0

        profiles = load_profiles(args.profiles_file)
        if args.profile not in profiles:
            log.error("unknown profile %s (have: %s)", args.profile, ", ".join(sorted(profiles)))
            return 1
        tuner.apply_profile(profiles[args.profile])
    except PermissionError:
        return 13
    finally:
        tuner.save_backup()
    log.info("%d settings changed", len(tuner.changed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
