#!/usr/bin/env python3
"""Send vaccination due-date reminders to pet owners.

Reads the clinic's vaccination export (CSV) and emails owners whose pet has
a booster due within the reminder window.  Already-sent reminders are kept
in ./state/sent.json so an owner is not mailed twice for the same booster.

Settings live in ./mailer.ini; the SMTP password comes from
REMINDER_SMTP_PASSWORD.
"""
from __future__ import annotations

import argparse
import configparser
import csv
import json
import logging
import os
import smtplib
import ssl
import sys
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from string import Template
from typing import Iterator

log = logging.getLogger("vacc_reminders")

BODY = Template(
    """Hello $owner,

Our records show that $pet is due for the $vaccine booster on $due.
Please call $clinic on $phone or reply to this email to book a visit.

Kind regards,
$clinic
"""
)


@dataclass(frozen=True)
class Reminder:
    key: str
    owner: str
    email: str
    pet: str
    vaccine: str
    due: date


def load_config(path: Path) -> configparser.ConfigParser:
    cfg = configparser.ConfigParser()
    cfg.read_dict(
        {
            "smtp": {"host": "smtp.office365.com", "port": "587", "user": "", "sender": ""},
            "clinic": {"name": "Riverside Veterinary Clinic", "phone": "01632 960123"},
            "reminders": {"window_days": "21", "export": "data/vaccinations.csv"},
        }
    )
    if path.exists():
        cfg.read(path)
    return cfg


def due_reminders(export: Path, window: int, today: date) -> Iterator[Reminder]:
    with export.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                last = datetime.strptime(row["last_given"], "%Y-%m-%d").date()
                interval = int(row["interval_days"])
            except (KeyError, ValueError):
                log.debug("skipping malformed row: %r", row)
                continue
            due = last + timedelta(days=interval)
            if today <= due <= today + timedelta(days=window) and row.get("owner_email"):
                key = f"{row['patient_id']}:{row['vaccine']}:{due.isoformat()}"
                yield Reminder(key, row["owner_name"], row["owner_email"],
                               row["pet_name"], row["vaccine"], due)


def load_sent(path: Path) -> set[str]:
    try:
        return set(json.loads(path.read_text()))
    except (OSError, ValueError):
        return set()


def save_sent(path: Path, keys: set[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(sorted(keys), indent=1))
    tmp.replace(path)


def compose(rem: Reminder, cfg: configparser.ConfigParser) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = cfg["smtp"]["sender"] or cfg["smtp"]["user"]
    msg["To"] = rem.email
    msg["Subject"] = f"{rem.pet}'s {rem.vaccine} booster is due {rem.due:%d %B}"
    msg.set_content(
        BODY.substitute(owner=rem.owner, pet=rem.pet, vaccine=rem.vaccine,
                        due=rem.due.strftime("%A %d %B"),
                        clinic=cfg["clinic"]["name"], phone=cfg["clinic"]["phone"])
    )
    return msg


def send_all(reminders: list[Reminder], cfg, password: str, dry_run: bool) -> list[str]:
    sent: list[str] = []
    if dry_run:
        for r in reminders:
            log.info("[dry-run] %s -> %s (%s, %s)", r.pet, r.email, r.vaccine, r.due)
        return sent
    ctx = ssl.create_default_context()
    with smtplib.SMTP(cfg["smtp"]["host"], cfg.getint("smtp", "port"), timeout=30) as smtp:
        smtp.starttls(context=ctx)
        smtp.login(cfg["smtp"]["user"], password)
        for r in reminders:
            try:
                smtp.send_message(compose(r, cfg))
            except smtplib.SMTPRecipientsRefused:
                log.warning("recipient refused: %s", r.email)
                continue
            log.info("reminded %s about %s (%s)", r.email, r.pet, r.vaccine)
            sent.append(r.key)
    return sent


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Email vaccination reminders")
    ap.add_argument("-c", "--config", type=Path, default=Path("mailer.ini"))
    ap.add_argument("--state", type=Path, default=Path("state/sent.json"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    export = Path(cfg["reminders"]["export"])
    if not export.exists():
        log.error("vaccination export not found: %s", export)
        return 1

    already = load_sent(args.state)
    pending = [r for r in due_reminders(export, cfg.getint("reminders", "window_days"), date.today())
               if r.key not in already]
    log.info("%d reminders due", len(pending))
    if not pending:
        return 0

    password = os.environ.get("REMINDER_SMTP_PASSWORD", "")
    if not password and not args.dry_run:
        log.error("REMINDER_SMTP_PASSWORD is not set")
        return 2
    try:
        done = send_all(pending, cfg, password, args.dry_run)
    except (smtplib.SMTPException, OSError) as exc:
        log.error("SMTP failure: %s", exc)
        return 1
    save_sent(args.state, already | set(done))
    return 0


if __name__ == "__main__":
    sys.exit(main())
