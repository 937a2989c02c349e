#!/usr/bin/env python3
"""CCTV stream host tuning.

The recording servers receive ~180 multicast camera streams during a match.
The stock kernel buffers drop packets under that load, so this tool
compares the live network tunables with the venue profile and applies the
profile values, keeping a record of the previous ones for rollback.
"""

import argparse
import json
import logging
import os
import sys

log = logging.getLogger("cctv-tune")

# venue profile: dotted tunable name -> desired value
PROFILE = {
    "net.core.rmem_max": "67108864",
    "net.core.rmem_default": "16777216",
    "net.core.netdev_max_backlog": "30000",
    "net.ipv4.igmp_max_memberships": "512",
    "net.ipv4.udp_mem": "4096 87380 67108864",
}

BACKUP = "tuning_backup.json"


def tunable_path(name):
    parts = ["/", "proc", "sys"] + name.split(".")
    return os.path.join(*parts)


def read_value(name):
    try:
        with open(tunable_path(name)) as fh:
            return " ".join(fh.read().split())
    except OSError as exc:
        log.debug("cannot read %s: %s", name, exc)
        return None


def write_value(name, value):
    path = tunable_path(name)
    with open(path, "w") as fh:
        fh.write(value + "\n")


class Tuner:
    def __init__(self, profile, dry_run=False):
        self.profile = profile
        self.dry_run = dry_run
        self.previous = {}

    def diff(self):
        changes = []
        for name, want in self.profile.items():
            have = read_value(name)
            if have is None:
                log.warning("%s not available on this kernel", name)
                continue
            if have != " ".join(want.split()):
                changes.append((name, have, want))
        return changes

    def apply(self, changes):
        applied = 0
        for name, have, want in changes:
            if self.dry_run:
                log.info("would set %s: %s -> %s", name, have, want)
                continue
            try:
                write_value(name, want)
            except PermissionError:
                log.error("permission denied writing %s (run on the recorder as root)", name)
                continue
            self.previous[name] = have
            applied += 1
            log.info("set %s = %s (was %s)", name, want, have)
        return applied

    def save_backup(self, path):
        if not self.previous:
            return
        with open(path, "w") as fh:
            json.dump(self.previous, fh, indent=2)
        log.info("previous values saved to %s", path)


def rollback(path):
    with open(path) as fh:
        previous = json.load(fh)
    for name, value in previous.items():
        write_value(name, value)
        log.info("restored %s = %s", name, value)


def main():
    ap = argparse.ArgumentParser(description="Apply CCTV network tuning profile")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--rollback", action="store_true")
    ap.add_argument("--profile", help="JSON file overriding the built-in profile")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.rollback:
        rollback(BACKUP)
        return 0

    profile = dict(PROFILE)
    if args.profile:
        with open(args.profile) as fh:
            profile.update(json.load(fh))

    tuner = Tuner(profile, dry_run=args.dry_run)
    changes = tuner.diff()
    if not changes:
        log.info("host already matches the venue profile")
        return 0
    applied = tuner.apply(changes)
    tuner.save_backup(BACKUP)
    log.info("%d of %d tunables changed", applied, len(changes))
    return 0 if applied == len(changes) or args.dry_run else 1


if __name__ == "__main__":
    sys.exit(main())
