#!/usr/bin/env python3
"""Tune kernel network buffers for a host running many UDP game servers.

Valheim/Rust/ARK servers drop packets under load with the default socket
buffer sizes. This applies a profile of values by writing the /proc/sys
entries directly (no sysctl binary in the slim hosting image) and keeps
a copy of the previous values so they can be restored.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("nettune")
PROC_SYS = Path("/proc/sys")
SAVED = Path("nettune.previous.json")

PROFILES = {
    "udp-heavy": {
        "net.core.rmem_max": "26214400",
        "net.core.wmem_max": "26214400",
        "net.core.rmem_default": "1048576",
        "net.core.netdev_max_backlog": "5000",
        "net.ipv4.udp_mem": "65536 131072 262144",
    },
    "conservative": {
        "net.core.rmem_max": "8388608",
        "net.core.wmem_max": "8388608",
    },
}


def key_path(key: str) -> Path:
    return PROC_SYS.joinpath(*key.split("."))


def read_value(key: str) -> str:
    return " ".join(key_path(key).read_text().split())


def write_value(key: str, value: str) -> None:
    with open(key_path(key), "w") as fh:
        fh.write(value + "\n")


def apply(settings: dict, dry_run: bool) -> dict:
    previous = {}
    for key, value in settings.items():
        try:
            current = read_value(key)
        except FileNotFoundError:
            log.warning("%s not available on this kernel", key)
            continue
        previous[key] = current
        if current == value:
            log.info("%-32s already %s", key, value)
            continue
        log.info("%-32s %s -> %s", key, current, value)
        if not dry_run:
            write_value(key, value)
    return previous


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", choices=sorted(PROFILES), default="udp-heavy")
    ap.add_argument("--restore", action="store_true", help="restore saved values")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("writing /proc/sys requires root")
        return 1

    if args.restore:
        if not SAVED.exists():
            log.error("nothing saved in %s", SAVED)
            return 1
        apply(json.loads(SAVED.read_text()), args.dry_run)
        if not args.dry_run:
            SAVED.unlink()
        return 0

    previous = apply(PROFILES[args.profile], args.dry_run)
    if not args.dry_run and not SAVED.exists():
        SAVED.write_text(json.dumps(previous, indent=2))
        os.chmod(SAVED, 0o600)
        log.info("previous values saved to %s", SAVED)
    return 0


if __name__ == "__main__":
    sys.exit(main())
