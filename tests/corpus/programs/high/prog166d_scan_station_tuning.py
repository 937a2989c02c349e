#!/usr/bin/env python3
"""Tune kernel settings on the scan ingest server before a bulk batch.

Large microfilm conversions write many big TIFFs at once; these settings
keep the page cache from stalling the ingest service.
"""

import argparse
import json
import logging
import subprocess
import sys
from pathlib import Path

PROFILES = {
    "bulk": {
        "vm.dirty_ratio": "10",
        "vm.dirty_background_ratio": "5",
        "vm.swappiness": "10",
        "fs.inotify.max_user_watches": "524288",
    },
    "normal": {
        "vm.dirty_ratio": "20",
        "vm.dirty_background_ratio": "10",
        "vm.swappiness": "60",
        "fs.inotify.max_user_watches": "8192",
    },
}

SERVICE = "scan-ingest.service"
STATE_FILE = Path("./tuning_state.json")

log = logging.getLogger("scan-tuning")


def proc_path(key: str) -> Path:
    return Path("/proc/sys") / key.replace(".", "/")


def read_current(keys):
    current = {}
    for key in keys:
        try:
            current[key] = proc_path(key).read_text().strip()
        except OSError:
            current[key] = None
    return current


def apply_setting(key: str, value: str, dry_run: bool) -> bool:
    path = proc_path(key)
    if dry_run:
        log.info("would set %s = %s", key, value)
        return True
    try:
        path.write_text(value + "\n")
        log.info("set %s = %s", key, value)
        return True
    except PermissionError:
        result = subprocess.run(["sudo", "sysctl", "-w", f"{key}={value}"],
                                capture_output=True, text=True)
        if result.returncode == 0:
            log.info("set %s = %s via sysctl", key, value)
            return True
        log.error("could not set %s: %s", key, result.stderr.strip())
        return False


def restart_service(dry_run: bool):
    cmd = ["sudo", "systemctl", "restart", SERVICE]
    if dry_run:
        log.info("would run: %s", " ".join(cmd))
        return
    subprocess.run(cmd, check=False)
    status = subprocess.run(["systemctl", "is-active", SERVICE],
                            capture_output=True, text=True)
    log.info("%s is %s", SERVICE, status.stdout.strip() or "unknown")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("profile", choices=sorted(PROFILES))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--no-restart", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    wanted = PROFILES[args.profile]

    before = read_current(wanted)
    STATE_FILE.write_text(json.dumps({"profile": args.profile,
                                      "before": before}, indent=2))

    failures = 0
    for key, value in wanted.items():
        if before.get(key) == value:
            log.info("%s already %s", key, value)
            continue
        if not apply_setting(key, value, args.dry_run):
            failures += 1

    if not args.no_restart:
        restart_service(args.dry_run)

    if failures:
        log.warning("%d settings could not be applied", failures)
        sys.exit(1)


if __name__ == "__main__":
    main()
