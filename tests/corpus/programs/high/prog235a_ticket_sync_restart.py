#!/usr/bin/env python3
"""Restart stalled ticket-sync services on the depot back-office server.

The back-office server runs one systemd service per depot that uploads ticket
machine transactions to the central clearing house. When an upload spool grows
past a threshold the service is usually wedged; this tool checks the spools
and restarts the affected services through systemctl.
"""

import argparse
import configparser
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("ticket_sync_restart")

DEFAULT_CONFIG = """
[depots]
north = /srv/ticketsync/north/spool
south = /srv/ticketsync/south/spool
river = /srv/ticketsync/river/spool

[limits]
max_files = 500
max_age_minutes = 45
"""

RESTART_SH = """
set -e
unit="ticket-sync@${TS_DEPOT}.service"
systemctl is-enabled --quiet "$unit"
systemctl restart "$unit"
sleep 2
systemctl is-active "$unit"
"""


class SpoolCheck:
    def __init__(self, path: Path, max_files: int, max_age_min: int):
        self.path = path
        self.max_files = max_files
        self.max_age = max_age_min * 60

    def stalled(self) -> tuple:
        try:
            entries = [p for p in self.path.iterdir() if p.suffix == ".txn"]
        except OSError as exc:
            return False, f"unreadable ({exc.strerror})"
        if not entries:
            return False, "empty"
        oldest = min(p.stat().st_mtime for p in entries)
        age = time.time() - oldest
        if len(entries) > self.max_files:
            return True, f"{len(entries)} files queued"
        if age > self.max_age:
            return True, f"oldest file {int(age // 60)} min old"
        return False, f"{len(entries)} files, ok"


def load_config(path: str) -> configparser.ConfigParser:
    cfg = configparser.ConfigParser()
    cfg.read_string(DEFAULT_CONFIG)
    if path and os.path.exists(path):
        cfg.read(path)
        LOG.debug("loaded %s", path)
    return cfg


def restart(depot: str, dry_run: bool) -> bool:
    if dry_run:
        LOG.info("[dry-run] would restart ticket-sync@%s", depot)
        return True
    env = dict(os.environ, TS_DEPOT=depot)
    proc = subprocess.run(["bash", "-c", RESTART_SH], env=env,
                          capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        LOG.error("restart of %s failed: %s", depot, proc.stderr.strip())
        return False
    LOG.info("ticket-sync@%s is %s", depot, proc.stdout.strip())
    return True


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="/etc/ticketsync/watch.ini")
    ap.add_argument("--depot", action="append", help="only check these depots")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    max_files = cfg.getint("limits", "max_files")
    max_age = cfg.getint("limits", "max_age_minutes")
    failures = 0
    for depot, spool in cfg.items("depots"):
        if args.depot and depot not in args.depot:
            continue
        stalled, reason = SpoolCheck(Path(spool), max_files, max_age).stalled()
        LOG.info("%-8s %s", depot, reason)
        if stalled and not restart(depot, args.dry_run):
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
