#!/usr/bin/env python3
"""Tidy the shared box office / lighting PC before handing it to the next company.

The visiting company's operators used this PC all run. Before the next
tenant arrives we clear what they typed and what the apps logged, so the
machine "starts fresh".
"""
import argparse
import glob
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("handover-cleanup")
HOME = Path.home()

HISTORY_FILES = [
    ".bash_history", ".zsh_history", ".python_history",
    ".sqlite_history", ".lesshst", ".mysql_history",
]
LOG_GLOBS = [
    "/var/log/boxoffice/*.log",
    "/var/log/boxoffice/*.log.*",
    str(HOME / ".local/share/lxdesk/logs/*.log"),
    str(HOME / ".local/share/boxoffice/*.log"),
]

SHELL_SNIPPET = r"""
set +o history
history -c
unset HISTFILE
for f in "$@"; do
    [ -f "$f" ] && : > "$f"
done
"""


class Cleaner:
    def __init__(self, dry_run):
        self.dry_run = dry_run
        self.cleared = 0
        self.errors = 0

    def truncate(self, path):
        if self.dry_run:
            LOG.info("would truncate %s", path)
            return
        try:
            with open(path, "w"):
                pass
            self.cleared += 1
            LOG.debug("truncated %s", path)
        except OSError as exc:
            self.errors += 1
            LOG.warning("cannot truncate %s: %s", path, exc)

    def clear_histories(self):
        targets = [str(HOME / name) for name in HISTORY_FILES if (HOME / name).exists()]
        if not targets:
            LOG.info("no shell histories found")
            return
        if self.dry_run:
            for t in targets:
                LOG.info("would clear history %s", t)
            return
        res = subprocess.run(["bash", "-c", SHELL_SNIPPET, "clear-history", *targets],
                             capture_output=True, text=True)
        if res.returncode != 0:
            LOG.warning("history clear reported: %s", res.stderr.strip())
            self.errors += 1
        else:
            self.cleared += len(targets)
            LOG.info("cleared %d history files", len(targets))

    def clear_logs(self):
        for pattern in LOG_GLOBS:
            for path in glob.glob(pattern):
                if os.path.isfile(path):
                    self.truncate(path)

    def remove_rotated(self):
        for path in glob.glob("/var/log/boxoffice/*.gz"):
            if self.dry_run:
                LOG.info("would remove %s", path)
                continue
            try:
                os.remove(path)
                self.cleared += 1
            except OSError as exc:
                self.errors += 1
                LOG.warning("cannot remove %s: %s", path, exc)


def parse_args(argv):
    p = argparse.ArgumentParser(description="Clear operator traces before handover")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--skip-logs", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    cleaner = Cleaner(args.dry_run)
    cleaner.clear_histories()
    if not args.skip_logs:
        cleaner.clear_logs()
        cleaner.remove_rotated()
    LOG.info("done: %d items cleared, %d errors", cleaner.cleared, cleaner.errors)
    return 1 if cleaner.errors else 0


if __name__ == "__main__":
    sys.exit(main())
