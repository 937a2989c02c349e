#!/usr/bin/env python3
"""Produce tomorrow's appointment reminder batch for a GP practice.

Reads the practice settings from a YAML file, filters the appointment export,
renders reminder texts and queues them with the practice SMS gateway."""

import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path
from string import Template

import yaml

logger = logging.getLogger("reminders")
DEFAULTS = {
    "gateway": "https://sms.carelink.example/api/messages",
    "template": "Hi $first, reminder: $when with $clinician at $site. Reply C to cancel.",
    "lead_days": 1,
}


def platform_tag() -> str:
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return f"{info.get('ID', 'linux')}-{info.get('VERSION_ID', '0')}"


def load_settings(path: Path) -> dict:
    settings = dict(DEFAULTS)
    if path.exists():
        with path.open() as fh:
            settings.update(yaml.safe_load(fh) or {})
    return settings


class ReminderBuilder:
    def __init__(self, settings: dict, day: dt.date):
        self.template = Template(settings["template"])
        self.day = day
        self.site = settings.get("site_name", "the surgery")

    def wanted(self, row: dict) -> bool:
        return row.get("date") == self.day.isoformat() and row.get("consent_sms") == "Y"

    def render(self, row: dict) -> dict:
        text = self.template.safe_substitute(
            first=row["first_name"], when=row["time"],
            clinician=row["clinician"], site=self.site)
        return {"to": row["mobile"], "body": text, "ref": row["appt_id"]}


def write_audit(messages: list, out_dir: Path) -> Path:
    out_dir.mkdir(exist_ok=True)
    target = out_dir / f"reminders-{dt.date.today():%Y%m%d}.json"
    target.write_text(json.dumps(messages, indent=2))
    os.chmod(target, 0o600)
    return target


def submit(messages: list, settings: dict, token: str) -> int:
    req = urllib.request.Request(
        settings["gateway"], method="POST",
        data=json.dumps({"messages": messages}).encode(),
        headers={"Content-Type": "application/json",
                 "Authorization": f"Token {token}",
                 "User-Agent": f"reminder-batch/2.0 ({platform_tag()})"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return resp.status


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("export", type=Path, help="appointment CSV export")
    ap.add_argument("--settings", type=Path, default=Path("practice.yaml"))
    ap.add_argument("--send", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    settings = load_settings(args.settings)
    day = dt.date.today() + dt.timedelta(days=int(settings["lead_days"]))
    builder = ReminderBuilder(settings, day)
    with args.export.open(newline="") as fh:
        messages = [builder.render(r) for r in csv.DictReader(fh) if builder.wanted(r)]
    audit = write_audit(messages, Path("audit"))
    logger.info("%d reminders for %s (audit %s)", len(messages), day, audit)
    if args.send and messages:
        token = os.environ.get("CARELINK_SMS_TOKEN")
        if not token:
            logger.error("CARELINK_SMS_TOKEN not set")
            return 2
        logger.info("gateway status %s", submit(messages, settings, token))
    return 0


if __name__ == "__main__":
    sys.exit(main())
