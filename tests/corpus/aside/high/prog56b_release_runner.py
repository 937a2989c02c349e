#!/usr/bin/env python3
"""Release runner for the static site: build, publish, reload the web server.

Steps run through bash so that pipes and globs in releases.json work.
"""
import argparse
import json
import logging
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("release")
SITE_ROOT = "/srv/www/site"
DEFAULT_STEPS = {
    "build": ["npm ci --silent", "npm run build"],
    "publish": [f"rsync -a --delete dist/ {SITE_ROOT}/"],
    "reload": ["sudo nginx -t", "sudo systemctl reload nginx"],
}
ORDER = ("build", "publish", "reload")


class StepFailed(Exception):
    def __init__(self, stage, step, code):
        super().__init__(f"{stage}: '{step}' exited with {code}")
        self.code = code


class Release:
    def __init__(self, steps, dry_run=False):
        self.steps = steps
        self.dry_run = dry_run
        self.log = []

    def run_step(self, stage, step):
        LOG.info("[%s] $ %s", stage, step)
        if self.dry_run:
            return
        try:
            subprocess.check_call(step, shell=True, executable="/bin/bash")
        except subprocess.CalledProcessError as exc:
            raise StepFailed(stage, step, exc.returncode) from exc

    def run(self, stages):
        for stage in stages:
            started = time.monotonic()
            for step in self.steps.get(stage, []):
                self.run_step(stage, step)
            self.log.append((stage, time.monotonic() - started))


def load_steps(path):
    steps = dict(DEFAULT_STEPS)
    if path.exists():
        with path.open() as fh:
            steps.update(json.load(fh))
    return steps


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("stages", nargs="*", default=list(ORDER))
    ap.add_argument("-f", "--file", type=Path, default=Path("releases.json"))
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--no-reload", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    stages = [s for s in args.stages if s in ORDER]
    if args.no_reload and "reload" in stages:
        stages.remove("reload")
    release = Release(load_steps(args.file), args.dry_run)
    try:
        release.run(stages)
    except StepFailed as exc:
        LOG.error("%s", exc)
        return exc.code
    for stage, secs in release.log:
        LOG.info("%-8s %.1fs", stage, secs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
