#!/usr/bin/env python3
"""Apply a named network tuning profile by writing /proc/sys directly.

Current values are saved to ./sysctl-backup/<profile>-<fingerprint>.json so
the change can be reverted with --restore.  The fingerprint is a short Base32
digest of the profile contents, handy for comparing hosts in the inventory.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

LOG = logging.getLogger("tune")
PROC_SYS = Path("/proc/sys")
BACKUP_DIR = Path("sysctl-backup")

PROFILES = {
    "latency": {
        "net.core.busy_poll": "50",
        "net.core.busy_read": "50",
        "net.ipv4.tcp_low_latency": "1",
        "net.ipv4.tcp_fastopen": "3",
    },
    "throughput": {
        "net.core.rmem_max": "134217728",
        "net.core.wmem_max": "134217728",
        "net.ipv4.tcp_rmem": "4096 87380 134217728",
        "net.ipv4.tcp_wmem": "4096 65536 134217728",
        "net.core.somaxconn": "4096",
        "net.core.netdev_max_backlog": "30000",
    },
}


def key_to_path(key: str) -> Path:
    return PROC_SYS.joinpath(*key.split("."))


def fingerprint(settings: dict) -> str:
    blob = json.dumps(settings, sort_keys=True).encode()
    return base64.b32encode(hashlib.sha256(blob).digest()[:5]).decode().lower()


def read_value(key: str) -> str:
    return " ".join(key_to_path(key).read_text().split())


def write_value(key: str, value: str, dry_run: bool) -> None:
    path = key_to_path(key)
    if dry_run:
        LOG.info("would write %s = %s", path, value)
        return
    with open(path, "w") as fh:
        fh.write(value + "\n")
    LOG.info("%s = %s", key, value)


def apply_profile(name: str, dry_run: bool) -> Path:
    settings = PROFILES[name]
    BACKUP_DIR.mkdir(exist_ok=True)
    backup = {}
    for key in settings:
        try:
            backup[key] = read_value(key)
        except FileNotFoundError:
            LOG.warning("%s not supported by this kernel, skipping", key)
    backup_file = BACKUP_DIR / f"{name}-{fingerprint(settings)}.json"
    backup_file.write_text(json.dumps(backup, indent=2))
    for key, value in settings.items():
        if key in backup and backup[key] != value:
            write_value(key, value, dry_run)
    return backup_file


def restore(backup_file: Path, dry_run: bool) -> None:
    for key, value in json.loads(backup_file.read_text()).items():
        write_value(key, value, dry_run)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--profile", choices=sorted(PROFILES))
    group.add_argument("--restore", type=Path, metavar="BACKUP")
    group.add_argument("--show", action="store_true")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.show:
        for name, settings in PROFILES.items():
            print(f"{name} ({fingerprint(settings)})")
            for key, value in settings.items():
                print(f"  {key:32} {value}")
        return 0
    if os.geteuid() != 0 and not args.dry_run:
        LOG.error("writing /proc/sys requires root")
        return 1
    try:
        if args.restore:
            restore(args.restore, args.dry_run)
        else:
            saved = apply_profile(args.profile, args.dry_run)
            LOG.info("previous values saved to %s", saved)
    except OSError as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
