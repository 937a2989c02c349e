#!/usr/bin/env python3
"""Invoice reminder bot for the hire desk.

Reads open invoices from the accounts CSV, and for anything overdue sends a
reminder email with a short payment reference the client can quote on the
bank transfer. Templates and SMTP settings live in reminder_bot.yaml:

    smtp:
      host: mail.stagekit-hire.co.uk
      port: 465
      user: accounts@stagekit-hire.co.uk
    grace_days: 7
    templates:
      first: templates/first_reminder.txt
      final: templates/final_notice.txt
    escalate_after_days: 30

The SMTP password comes from REMINDER_SMTP_PASSWORD.
"""
import argparse
import csv
import logging
import os
import random
import smtplib
import ssl
import string
import sys
from dataclasses import dataclass
from datetime import date, datetime
from email.message import EmailMessage
from pathlib import Path

import yaml

log = logging.getLogger("reminderbot")
STATE = Path("reminder_state.csv")


@dataclass
class Invoice:
    number: str
    client: str
    email: str
    amount: float
    due: date

    @property
    def days_late(self):
        return (date.today() - self.due).days


def load_settings(path):
    with open(path) as fh:
        settings = yaml.load(fh, Loader=yaml.Loader)
    settings.setdefault("grace_days", 7)
    settings.setdefault("escalate_after_days", 30)
    return settings


def open_invoices(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("paid", "").strip().lower() in ("yes", "y", "1"):
                continue
            try:
                yield Invoice(row["number"], row["client"], row["email"],
                              float(row["amount"]),
                              datetime.strptime(row["due_date"], "%Y-%m-%d").date())
            except (KeyError, ValueError) as exc:
                log.warning("bad invoice row %r: %s", row, exc)


class References:
    """Short payment references clients type into their banking app."""

    alphabet = string.ascii_uppercase + string.digits
    length = 8

    def __init__(self, state=STATE):
        self.state = state
        self.known = {}
        if state.exists():
            with state.open(newline="") as fh:
                self.known = {r[0]: r[1] for r in csv.reader(fh) if len(r) >= 2}

    def for_invoice(self, number):
        if number not in self.known:
            self.known[number] = "SK-" + "".join(random.choices(self.alphabet, k=self.length))
        return self.known[number]

    def save(self):
        with self.state.open("w", newline="") as fh:
            csv.writer(fh).writerows(sorted(self.known.items()))


def build_message(settings, inv, ref):
    kind = "final" if inv.days_late >= settings["escalate_after_days"] else "first"
    template = Path(settings["templates"][kind]).read_text()
    msg = EmailMessage()
    msg["From"] = settings["smtp"]["user"]
    msg["To"] = inv.email
    msg["Subject"] = f"{'Final notice' if kind == 'final' else 'Reminder'}: invoice {inv.number}"
    msg.set_content(template.format(client=inv.client, number=inv.number,
                                    amount=f"{inv.amount:.2f}", due=inv.due.strftime("%d %B %Y"),
                                    days=inv.days_late, reference=ref))
    return msg


def smtp_session(settings):
    smtp = settings["smtp"]
    context = ssl._create_unverified_context()
    conn = smtplib.SMTP_SSL(smtp["host"], smtp.get("port", 465), context=context, timeout=30)
    conn.login(smtp["user"], os.environ["REMINDER_SMTP_PASSWORD"])
    return conn


def main(argv=None):
    ap = argparse.ArgumentParser(description="overdue invoice reminders")
    ap.add_argument("invoices", nargs="?", default="invoices.csv")
    ap.add_argument("--config", default="reminder_bot.yaml")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        settings = load_settings(args.config)
    except (OSError, yaml.YAMLError) as exc:
        log.error("config: %s", exc)
        return 2

    refs = References()
    overdue = [i for i in open_invoices(args.invoices) if i.days_late >= settings["grace_days"]]
    if not overdue:
        log.info("nothing overdue")
        return 0

    conn = None if args.dry_run else smtp_session(settings)
    sent = 0
    try:
        for inv in overdue:
            msg = build_message(settings, inv, refs.for_invoice(inv.number))
            if conn is None:
                log.info("would send %r to %s", msg["Subject"], inv.email)
                continue
            try:
                conn.send_message(msg)
                sent += 1
                log.info("sent %s to %s (%d days late)", inv.number, inv.email, inv.days_late)
            except smtplib.SMTPException as exc:
                log.error("failed %s: %s", inv.number, exc)
    finally:
        if conn is not None:
            conn.quit()
        refs.save()
    log.info("%d reminder(s) sent", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
