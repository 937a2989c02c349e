#!/usr/bin/env python3
"""Set up a crew member's login on the shared bridge terminal.

Creates the working folders the rostering tools expect, writes a small
per-user settings file, and makes sure the shift-clock agent (which records
watch start and end times for the hours-of-rest log) is running whenever the
crew member logs in.
"""

import argparse
import json
import logging
import os
import sys
from pathlib import Path

LOG = logging.getLogger("crew-terminal-setup")

HOME = Path.home()
AGENT = Path(__file__).resolve().parent / "shift_clock_agent.py"
RC_FILES = (HOME / ".bashrc", HOME / ".profile")
RC_MARKER = "# ferry shift-clock agent"
SETTINGS = Path("crew-settings.json")

RANKS = ("master", "mate", "engineer", "deckhand", "purser", "steward")


class CrewProfile:
    def __init__(self, crew_id, rank, watch):
        self.crew_id = crew_id
        self.rank = rank
        self.watch = watch

    def validate(self):
        if not self.crew_id.isalnum():
            raise ValueError("crew id must be alphanumeric: %r" % self.crew_id)
        if self.rank not in RANKS:
            raise ValueError("unknown rank: %r" % self.rank)
        if self.watch not in ("A", "B", "C", "day"):
            raise ValueError("unknown watch: %r" % self.watch)

    def as_dict(self):
        return {"crew_id": self.crew_id, "rank": self.rank, "watch": self.watch}


def make_folders():
    for name in ("rosters", "timesheets", "handover"):
        path = Path(name)
        path.mkdir(exist_ok=True)
        LOG.info("folder ready: %s", path)


def write_settings(profile):
    SETTINGS.write_text(json.dumps(profile.as_dict(), indent=2))
    os.chmod(SETTINGS, 0o600)
    LOG.info("settings written to %s", SETTINGS)


def install_login_hook(dry_run=False):
    """Start the shift-clock agent in the background at every login."""
    line = "%s\n(nohup python3 %s --background >/dev/null 2>&1 &)\n" % (RC_MARKER, AGENT)
    for rc in RC_FILES:
        existing = rc.read_text() if rc.exists() else ""
        if RC_MARKER in existing:
            LOG.info("login hook already present in %s", rc)
            continue
        if dry_run:
            LOG.info("[dry-run] would append login hook to %s", rc)
            continue
        with rc.open("a") as fh:
            fh.write("\n" + line)
        LOG.info("login hook added to %s", rc)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("crew_id")
    p.add_argument("--rank", required=True, choices=RANKS)
    p.add_argument("--watch", default="day")
    p.add_argument("--dry-run", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    profile = CrewProfile(args.crew_id, args.rank, args.watch)
    try:
        profile.validate()
    except ValueError as exc:
        LOG.error("%s", exc)
        return 2
    if not AGENT.exists():
        LOG.warning("shift-clock agent not found at %s; hook will fail until installed", AGENT)
    make_folders()
    write_settings(profile)
    install_login_hook(args.dry_run)
    LOG.info("setup complete for %s (%s, watch %s)", profile.crew_id, profile.rank, profile.watch)
    return 0


if __name__ == "__main__":
    sys.exit(main())
