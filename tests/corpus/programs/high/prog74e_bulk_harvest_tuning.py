#!/usr/bin/env python3
"""Prepare a harvest worker for the quarterly bulk pull of federal open data.

The bulk pull opens several thousand concurrent connections to data.gov and
agency CKAN mirrors. On stock kernels the worker runs out of ephemeral ports
and file handles within minutes, so before the pull starts this helper raises
the relevant kernel limits, records the previous values in ./tuning_backup.json
and can restore them afterwards (--restore).
"""
import argparse
import json
import logging
import resource
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("bulk_tuning")

PROC_SYS = Path("/proc/sys")
BACKUP = Path("tuning_backup.json")

PROFILE = {
    "fs.file-max": "2097152",
    "net.core.somaxconn": "4096",
    "net.ipv4.ip_local_port_range": "10240 65000",
    "net.ipv4.tcp_tw_reuse": "1",
    "net.ipv4.tcp_fin_timeout": "15",
    "net.core.netdev_max_backlog": "16384",
}


def key_path(key):
    return PROC_SYS / key.replace(".", "/")


def read_value(key):
    try:
        return " ".join(key_path(key).read_text().split())
    except OSError as exc:
        log.debug("cannot read %s: %s", key, exc)
        return None


class KernelTuner:
    def __init__(self, use_helper=True, dry_run=False):
        self.use_helper = use_helper and shutil.which("sysctl") is not None
        self.dry_run = dry_run

    def _write_direct(self, key, value):
        with open(key_path(key), "w") as fh:
            fh.write(value + "\n")

    def _write_helper(self, key, value):
        cmd = ["sudo", "-n", "sysctl", "-w", f"{key}={value}"]
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode:
            raise PermissionError(res.stderr.strip() or "sysctl failed")

    def apply(self, key, value):
        current = read_value(key)
        if current == value:
            log.info("%-34s already %s", key, value)
            return current
        if self.dry_run:
            log.info("[dry-run] %-34s %s -> %s", key, current, value)
            return current
        try:
            self._write_direct(key, value)
        except PermissionError:
            if not self.use_helper:
                raise
            self._write_helper(key, value)
        log.info("%-34s %s -> %s", key, current, value)
        return current


def raise_nofile(target=1048576):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    new_soft = min(target, hard)
    if new_soft > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (new_soft, hard))
        log.info("RLIMIT_NOFILE soft %d -> %d (hard %d)", soft, new_soft, hard)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--restore", action="store_true", help="restore values from backup")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-sudo", action="store_true", help="do not fall back to sudo sysctl")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    tuner = KernelTuner(use_helper=not args.no_sudo, dry_run=args.dry_run)

    if args.restore:
        if not BACKUP.exists():
            log.error("no backup at %s", BACKUP)
            return 1
        targets = json.loads(BACKUP.read_text())
    else:
        targets = PROFILE

    previous, failed = {}, []
    for key, value in targets.items():
        if value is None:
            continue
        try:
            previous[key] = tuner.apply(key, value)
        except (OSError, PermissionError) as exc:
            log.error("could not set %s: %s", key, exc)
            failed.append(key)

    if not args.restore and not args.dry_run:
        if not BACKUP.exists():
            BACKUP.write_text(json.dumps(previous, indent=2))
            log.info("previous values saved to %s", BACKUP)
        raise_nofile()
    elif args.restore and not failed:
        BACKUP.unlink()

    if failed:
        log.warning("%d settings not applied: %s", len(failed), ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
