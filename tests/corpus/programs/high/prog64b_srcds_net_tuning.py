#!/usr/bin/env python3
"""Apply network buffer tuning for hosts running many Source/CS2 instances.

Tickrate-128 servers with 20+ players drop UDP under load with the distro
defaults. This applies a named profile of kernel network settings, shows a
diff against what is live, and optionally writes a drop-in so the values
survive a reboot.

    srcds_net_tuning.py --profile competitive [--show] [--no-persist]
"""

import argparse
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("srcds_net_tuning")

PROC_SYS = Path("/proc/sys")
DROPIN = Path("/etc/sysctl.d/60-srcds-net.conf")

PROFILES = {
    "casual": {
        "net.core.rmem_max": 8388608,
        "net.core.wmem_max": 8388608,
        "net.core.netdev_max_backlog": 5000,
    },
    "competitive": {
        "net.core.rmem_max": 26214400,
        "net.core.wmem_max": 26214400,
        "net.core.rmem_default": 1048576,
        "net.core.wmem_default": 1048576,
        "net.core.netdev_max_backlog": 20000,
        "net.ipv4.udp_rmem_min": 16384,
        "net.ipv4.udp_wmem_min": 16384,
    },
}


def key_to_path(key: str) -> Path:
    return PROC_SYS.joinpath(*key.split("."))


def read_value(key: str):
    try:
        raw = key_to_path(key).read_text().strip()
    except OSError as exc:
        log.debug("cannot read %s: %s", key, exc)
        return None
    try:
        return int(raw)
    except ValueError:
        return raw


class Tuner:
    def __init__(self, settings: dict, only_raise: bool = True):
        self.settings = settings
        self.only_raise = only_raise

    def plan(self) -> dict:
        changes = {}
        for key, wanted in self.settings.items():
            current = read_value(key)
            if current is None:
                log.warning("%s not available on this kernel", key)
                continue
            if current == wanted:
                continue
            if self.only_raise and isinstance(current, int) and current > wanted:
                log.info("%s already %s (> %s), leaving it", key, current, wanted)
                continue
            changes[key] = (current, wanted)
        return changes

    def apply(self, changes: dict) -> int:
        failed = 0
        for key, (old, new) in changes.items():
            path = key_to_path(key)
            try:
                with open(path, "w") as fh:
                    fh.write(f"{new}\n")
                log.info("%s: %s -> %s", key, old, new)
            except PermissionError:
                log.error("%s: permission denied (run as root)", key)
                failed += 1
            except OSError as exc:
                log.error("%s: %s", key, exc)
                failed += 1
        return failed

    def persist(self, profile: str) -> None:
        lines = [f"# written by srcds_net_tuning.py, profile {profile}"]
        lines += [f"{k} = {v}" for k, v in sorted(self.settings.items())]
        tmp = DROPIN.with_suffix(".tmp")
        tmp.write_text("\n".join(lines) + "\n")
        os.chmod(tmp, 0o644)
        os.replace(tmp, DROPIN)
        log.info("wrote %s", DROPIN)


def load_profile(name: str, extra: Path = None) -> dict:
    settings = dict(PROFILES[name])
    if extra:
        settings.update(json.loads(extra.read_text()))
    return settings


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="kernel network tuning for Source servers")
    p.add_argument("--profile", choices=sorted(PROFILES), default="competitive")
    p.add_argument("--extra", type=Path, help="JSON file with additional key/value overrides")
    p.add_argument("--show", action="store_true", help="only show what would change")
    p.add_argument("--no-persist", dest="persist", action="store_false")
    p.add_argument("--allow-lower", action="store_true", help="also lower values above the profile")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        settings = load_profile(args.profile, args.extra)
    except (OSError, ValueError) as exc:
        log.error("bad overrides file: %s", exc)
        return 2

    tuner = Tuner(settings, only_raise=not args.allow_lower)
    changes = tuner.plan()
    if not changes:
        log.info("nothing to change for profile %s", args.profile)
    for key, (old, new) in changes.items():
        print(f"{key:32} {old!s:>12} -> {new}")
    if args.show:
        return 0

    failed = tuner.apply(changes)
    if args.persist and not failed:
        try:
            tuner.persist(args.profile)
        except OSError as exc:
            log.error("could not write %s: %s", DROPIN, exc)
            return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
