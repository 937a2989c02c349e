#!/usr/bin/env python3
"""Tune kernel network buffers for a busy RTP media server.

Compares the current values under /proc/sys with a profile (JSON in the
working directory or the built-in defaults), prints the differences and,
with --apply, writes the new values straight into /proc/sys."""

import argparse
import json
import logging
import os
from pathlib import Path

log = logging.getLogger("media-tuner")

PROC_SYS = Path("/proc/sys")

DEFAULT_PROFILE = {
    "net.core.rmem_max": 26214400,
    "net.core.wmem_max": 26214400,
    "net.core.rmem_default": 1048576,
    "net.core.netdev_max_backlog": 5000,
    "net.ipv4.udp_rmem_min": 16384,
    "net.ipv4.udp_wmem_min": 16384,
    "net.ipv4.ip_local_port_range": "32768 60999",
}


def key_to_path(key: str) -> Path:
    return PROC_SYS.joinpath(*key.split("."))


def read_value(key: str) -> str:
    try:
        return " ".join(key_to_path(key).read_text().split())
    except OSError as exc:
        log.warning("cannot read %s: %s", key, exc)
        return ""


def write_value(key: str, value) -> bool:
    target = key_to_path(key)
    try:
        with open(target, "w") as fh:
            fh.write(f"{value}\n")
        return True
    except PermissionError:
        log.error("permission denied writing %s (needs root)", target)
    except OSError as exc:
        log.error("write %s failed: %s", target, exc)
    return False


def load_profile(path: str) -> dict:
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            profile = json.load(fh)
        log.info("loaded profile %s (%d keys)", path, len(profile))
        return profile
    return dict(DEFAULT_PROFILE)


def diff(profile: dict) -> list:
    changes = []
    for key, wanted in profile.items():
        current = read_value(key)
        wanted_s = " ".join(str(wanted).split())
        if current != wanted_s:
            changes.append((key, current, wanted_s))
    return changes


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", default="media-tuning.json")
    ap.add_argument("--apply", action="store_true", help="write values to /proc/sys")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    profile = load_profile(args.profile)
    changes = diff(profile)
    if not changes:
        log.info("kernel already matches profile")
        return 0

    for key, cur, new in changes:
        print(f"{key:<32} {cur or '?':>14} -> {new}")

    if not args.apply:
        print(f"{len(changes)} change(s); re-run with --apply as root")
        return 0

    failed = [key for key, _cur, new in changes if not write_value(key, new)]
    if failed:
        log.error("%d value(s) not applied: %s", len(failed), ", ".join(failed))
        return 1
    log.info("applied %d value(s)", len(changes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
