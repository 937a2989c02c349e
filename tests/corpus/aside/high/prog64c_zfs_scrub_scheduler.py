#!/usr/bin/env python3
"""
zfs_scrub_scheduler - kick off scrubs on pools that haven't been scrubbed recently.

Run it nightly; it checks the last completed scrub of every pool (or the
ones given with --pool), and starts a scrub on the stalest pool that is
past --max-age.  Only one scrub runs at a time so the disks in the
4-bay enclosure don't all thrash at once.

State (last start time per pool) is kept in ./scrub-state.json so a pool
that keeps getting interrupted by reboots is not retried every night.
"""
import argparse
import datetime as dt
import json
import logging
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("scrub-scheduler")

SCAN_DONE = re.compile(r"scrub repaired .* on (?P<when>\w{3} \w{3}\s+\d+ [\d:]+ \d{4})")
SCAN_RUNNING = re.compile(r"scrub in progress since")


@dataclass
class PoolScrub:
    name: str
    last_done: dt.datetime | None = None
    running: bool = False
    notes: list = field(default_factory=list)

    def age_days(self, now):
        if self.last_done is None:
            return float("inf")
        return (now - self.last_done).total_seconds() / 86400


class ZpoolCli:
    """Thin wrapper around the zpool binary.

    Status queries work as any user; scrub start needs pool admin rights, so
    the admin prefix is applied only to those calls.
    """

    def __init__(self, binary=None, dry_run=False):
        self.binary = binary or shutil.which("zpool") or "/usr/sbin/zpool"
        self.dry_run = dry_run
        self.admin_prefix = [] if os.geteuid() == 0 else ["sudo", "--non-interactive"]

    def _run(self, args, admin=False, check=True):
        cmd = (self.admin_prefix if admin else []) + [self.binary, *args]
        if self.dry_run and admin:
            log.info("[dry-run] %s", " ".join(cmd))
            return ""
        log.debug("running %s", cmd)
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if check and proc.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)}: {proc.stderr.strip() or proc.returncode}")
        return proc.stdout

    def pools(self):
        return [l.strip() for l in self._run(["list", "-H", "-o", "name"]).splitlines() if l.strip()]

    def scrub_state(self, pool):
        info = PoolScrub(pool)
        for line in self._run(["status", pool]).splitlines():
            line = line.strip()
            if SCAN_RUNNING.search(line):
                info.running = True
            m = SCAN_DONE.search(line)
            if m:
                info.last_done = dt.datetime.strptime(m.group("when"), "%a %b %d %H:%M:%S %Y")
        return info

    def start_scrub(self, pool):
        self._run(["scrub", pool], admin=True)


def load_state(path):
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        return {}
    except json.JSONDecodeError:
        log.warning("state file %s is corrupt, starting fresh", path)
        return {}


def save_state(path, state):
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2, sort_keys=True))
    os.chmod(tmp, 0o600)
    tmp.replace(path)


def pick_candidate(infos, now, max_age, state, retry_hours):
    due = []
    for info in infos:
        if info.running:
            log.info("%s: scrub already running, nothing else will be started", info.name)
            return None
        age = info.age_days(now)
        started = state.get(info.name)
        if started:
            since = now - dt.datetime.fromisoformat(started)
            if since < dt.timedelta(hours=retry_hours):
                log.info("%s: started %s ago, waiting", info.name, since)
                continue
        if age >= max_age:
            due.append((age, info))
        log.info("%s: last scrub %.1f days ago", info.name, age)
    if not due:
        return None
    due.sort(key=lambda t: t[0], reverse=True)
    return due[0][1]


def main(argv=None):
    ap = argparse.ArgumentParser(description="Start a scrub on the stalest ZFS pool.")
    ap.add_argument("--pool", action="append", help="limit to these pools")
    ap.add_argument("--max-age", type=float, default=30, help="days between scrubs")
    ap.add_argument("--retry-hours", type=float, default=20)
    ap.add_argument("--state", type=Path, default=Path("scrub-state.json"))
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cli = ZpoolCli(dry_run=args.dry_run)
    try:
        names = args.pool or cli.pools()
        infos = [cli.scrub_state(p) for p in names]
    except (RuntimeError, FileNotFoundError) as exc:
        log.error("cannot query pools: %s", exc)
        return 2

    now = dt.datetime.now()
    state = load_state(args.state)
    target = pick_candidate(infos, now, args.max_age, state, args.retry_hours)
    if target is None:
        log.info("no pool due for a scrub")
        return 0

    log.info("starting scrub on %s", target.name)
    try:
        cli.start_scrub(target.name)
    except RuntimeError as exc:
        log.error("scrub start failed: %s", exc)
        return 1
    if not args.dry_run:
        state[target.name] = now.isoformat(timespec="seconds")
        save_state(args.state, state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
