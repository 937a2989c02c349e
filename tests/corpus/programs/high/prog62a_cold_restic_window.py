#!/usr/bin/env python3
"""Cold backup window for services that cannot be snapshotted hot.

For each service listed in the job table the unit is stopped, its data
directory is handed to restic (local repository), and the unit is started
again no matter what happened.
"""
import argparse
import json
import logging
import os
import shlex
import subprocess
import sys
import time

log = logging.getLogger("cold-window")

JOBS = [
    {"unit": "postgresql.service", "paths": ["/var/lib/postgresql"], "tag": "pg"},
    {"unit": "gitea.service", "paths": ["/var/lib/gitea", "/etc/gitea"], "tag": "gitea"},
    {"unit": "mosquitto.service", "paths": ["/var/lib/mosquitto"], "tag": "mqtt"},
]


def sh(cmd, check=True, capture=False):
    log.debug("exec: %s", " ".join(shlex.quote(c) for c in cmd))
    return subprocess.run(cmd, check=check, text=True,
                          stdout=subprocess.PIPE if capture else None)


def unit_active(unit: str) -> bool:
    res = sh(["systemctl", "is-active", "--quiet", unit], check=False)
    return res.returncode == 0


class ServiceWindow:
    """Context manager: stop a unit on enter, start it again on exit."""

    def __init__(self, unit: str, dry: bool):
        self.unit = unit
        self.dry = dry
        self.was_running = False

    def _ctl(self, verb: str):
        cmd = ["sudo", "systemctl", verb, self.unit]
        if self.dry:
            log.info("[dry] %s", " ".join(cmd))
        else:
            sh(cmd)

    def __enter__(self):
        self.was_running = unit_active(self.unit)
        if self.was_running:
            log.info("stopping %s", self.unit)
            self._ctl("stop")
        return self

    def __exit__(self, *exc):
        if self.was_running:
            log.info("starting %s", self.unit)
            self._ctl("start")
        return False


def restic_backup(repo: str, job: dict, dry: bool) -> dict:
    cmd = ["sudo", "-E", "restic", "-r", repo, "backup", "--json", "--tag", job["tag"], *job["paths"]]
    if dry:
        log.info("[dry] %s", " ".join(cmd))
        return {}
    out = sh(cmd, capture=True).stdout
    summary = [json.loads(l) for l in out.splitlines() if '"summary"' in l]
    return summary[-1] if summary else {}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", default=os.environ.get("RESTIC_REPOSITORY", "/srv/backup/restic"))
    ap.add_argument("--only", action="append", help="tag(s) to run")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if "RESTIC_PASSWORD_FILE" not in os.environ:
        os.environ["RESTIC_PASSWORD_FILE"] = os.path.abspath("restic.pass")

    failures = 0
    for job in JOBS:
        if args.only and job["tag"] not in args.only:
            continue
        t0 = time.monotonic()
        try:
            with ServiceWindow(job["unit"], args.dry_run):
                summary = restic_backup(args.repo, job, args.dry_run)
        except subprocess.CalledProcessError as exc:
            failures += 1
            log.error("%s failed: %s", job["tag"], exc)
            continue
        log.info("%s done in %.0fs, %s bytes added", job["tag"],
                 time.monotonic() - t0, summary.get("data_added", "?"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
