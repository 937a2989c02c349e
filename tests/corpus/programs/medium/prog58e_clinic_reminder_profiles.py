#!/usr/bin/env python3
"""Produce tomorrow's appointment reminder batch for a GP practice.

Practice profiles (one YAML document per site) are merged into the settings,
then the appointment export is filtered and reminder texts are written out
for the front desk to review before sending."""

import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
from pathlib import Path
from string import Template

from yaml import load, Loader

logger = logging.getLogger("reminders")
DEFAULTS = {
    "template": "Hi $first, reminder: $when with $clinician at $site. Reply C to cancel.",
    "lead_days": 1,
    "sites": {},
}


class ProfileStore:
    """Loads every *.yaml profile in a directory and merges them."""

    def __init__(self, directory: Path):
        self.directory = directory

    def _read(self, path: Path):
        with path.open() as fh:
            return load(fh, Loader=Loader) or {}

    def merged(self) -> dict:
        settings = dict(DEFAULTS)
        for path in sorted(self.directory.glob("*.yaml")):
            doc = self._read(path)
            logger.debug("profile %s -> %s", path.name, list(doc))
            site = doc.pop("site_code", None)
            if site:
                settings["sites"][site] = doc
            else:
                settings.update(doc)
        return settings


class ReminderBuilder:
    def __init__(self, settings: dict, day: dt.date):
        self.template = Template(settings["template"])
        self.sites = settings["sites"]
        self.day = day

    def wanted(self, row: dict) -> bool:
        return row.get("date") == self.day.isoformat() and row.get("consent_sms") == "Y"

    def render(self, row: dict) -> dict:
        site = self.sites.get(row.get("site"), {})
        text = self.template.safe_substitute(
            first=row["first_name"], when=row["time"], clinician=row["clinician"],
            site=site.get("display_name", "the surgery"))
        return {"to": row["mobile"], "body": text, "ref": row["appt_id"]}


def write_review(messages: list, out_dir: Path) -> Path:
    out_dir.mkdir(exist_ok=True)
    target = out_dir / f"review-{dt.date.today():%Y%m%d}.json"
    target.write_text(json.dumps(messages, indent=2))
    os.chmod(target, 0o600)
    return target


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("export", type=Path, help="appointment CSV export")
    ap.add_argument("--profiles", type=Path, default=Path("profiles"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.profiles.is_dir():
        logger.error("profile directory %s not found", args.profiles)
        return 2
    settings = ProfileStore(args.profiles).merged()
    day = dt.date.today() + dt.timedelta(days=int(settings["lead_days"]))
    builder = ReminderBuilder(settings, day)
    try:
        with args.export.open(newline="") as fh:
            messages = [builder.render(r) for r in csv.DictReader(fh) if builder.wanted(r)]
    except (OSError, KeyError) as exc:
        logger.error("cannot read export: %s", exc)
        return 1
    review = write_review(messages, Path("review"))
    logger.info("%d reminders for %s written to %s", len(messages), day, review)
    return 0


if __name__ == "__main__":
    sys.exit(main())
