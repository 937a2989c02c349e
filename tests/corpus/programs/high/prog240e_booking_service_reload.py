#!/usr/bin/env python3
"""Apply a new season configuration to the hut booking service.

Validates the season file (opening dates, bed counts), copies it into the
service's working directory and restarts the booking service unit so the new
season takes effect. The restart is done by a small generated shell script.
"""

import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from datetime import date
from pathlib import Path

LOG = logging.getLogger("season-reload")

SERVICE = "hut-booking.service"

RESTART_SCRIPT = """#!/bin/bash
set -e
systemctl restart "$UNIT"
sleep 2
systemctl is-active --quiet "$UNIT"
systemctl status --no-pager --lines=5 "$UNIT"
"""


class SeasonError(ValueError):
    pass


class SeasonConfig:
    def __init__(self, data):
        self.data = data

    @classmethod
    def load(cls, path):
        with open(path) as handle:
            return cls(json.load(handle))

    def validate(self):
        try:
            opening = date.fromisoformat(self.data["opening"])
            closing = date.fromisoformat(self.data["closing"])
        except (KeyError, ValueError) as exc:
            raise SeasonError(f"bad season dates: {exc}") from exc
        if closing <= opening:
            raise SeasonError("closing date must be after opening date")
        rooms = self.data.get("rooms", [])
        if not rooms:
            raise SeasonError("no rooms configured")
        total = 0
        for room in rooms:
            beds = int(room.get("beds", 0))
            if beds <= 0:
                raise SeasonError(f"room {room.get('name')} has no beds")
            total += beds
        LOG.info("season %s..%s with %d rooms, %d beds",
                 opening, closing, len(rooms), total)
        return total


def install_config(src, workdir):
    target = Path(workdir) / "season.json"
    backup = target.with_suffix(".json.bak")
    if target.exists():
        shutil.copy2(target, backup)
        LOG.info("previous season saved as %s", backup)
    shutil.copy2(src, target)
    return target


def restart_service(unit):
    fd, path = tempfile.mkstemp(prefix="reload-", suffix=".sh")
    with os.fdopen(fd, "w") as handle:
        handle.write(RESTART_SCRIPT)
    try:
        result = subprocess.run(["bash", path], env=dict(os.environ, UNIT=unit),
                                capture_output=True, text=True, timeout=60)
    finally:
        os.unlink(path)
    if result.returncode != 0:
        LOG.error("restart failed: %s", result.stderr.strip())
        return False
    LOG.info("service status:\n%s", result.stdout.strip())
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("season_file")
    parser.add_argument("--workdir", default=os.environ.get("BOOKING_WORKDIR", "./booking"))
    parser.add_argument("--unit", default=SERVICE)
    parser.add_argument("--no-restart", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        season = SeasonConfig.load(args.season_file)
        season.validate()
    except (OSError, json.JSONDecodeError, SeasonError) as exc:
        LOG.error("invalid season file: %s", exc)
        return 1
    try:
        install_config(args.season_file, args.workdir)
    except OSError as exc:
        LOG.error("cannot install season file: %s", exc)
        return 1
    if args.no_restart:
        LOG.info("restart skipped")
        return 0
    return 0 if restart_service(args.unit) else 1


if __name__ == "__main__":
    sys.exit(main())
