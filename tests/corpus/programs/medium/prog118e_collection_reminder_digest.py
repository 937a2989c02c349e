#!/usr/bin/env python3
"""Remind customers that their framed work is ready to collect.

Reads ready_orders.csv (ticket,name,email,ready_date,balance) and the shop
settings in reminders.yaml, decides which customers are due a nudge, and sends
the message through the shop's SMTP relay (or writes it to ./outbox with
--dry-run).  Escalation timing is taken from the settings file.
"""
import argparse
import csv
import datetime as dt
import logging
import smtplib
import sys
from email.message import EmailMessage
from pathlib import Path

import yaml

log = logging.getLogger("reminders")

DEFAULT_SETTINGS = {
    "shop_name": "The Frame Room",
    "from_addr": "counter@example-frameroom.co.uk",
    "smtp_host": "localhost",
    "smtp_port": 25,
    "first_nudge_days": 7,
}


def load_settings(path):
    settings = dict(DEFAULT_SETTINGS)
    if path.exists():
        with path.open() as fh:
            settings.update(yaml.load(fh, Loader=yaml.Loader) or {})
    return settings


class Schedule:
    """Escalation schedule: which template to use after how many days."""

    def __init__(self, settings):
        self.first = int(settings["first_nudge_days"])
        self.final = int(settings.get("final_nudge_days", self.first * 4))

    def template_for(self, days_waiting):
        if days_waiting >= self.final:
            return "final"
        if days_waiting >= self.first:
            return "gentle"
        return None


TEMPLATES = {
    "gentle": "Hello {name},\n\nYour framing order {ticket} has been ready since {ready}. "
              "Pop in any time during opening hours to collect it.\n\n{shop}",
    "final": "Hello {name},\n\nYour order {ticket} has been waiting {days} days. "
             "Please collect it within two weeks; balance due {balance}.\n\n{shop}",
}


def read_orders(path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            row["ready_date"] = dt.date.fromisoformat(row["ready_date"])
            yield row


def build_message(order, kind, days, settings):
    msg = EmailMessage()
    msg["From"] = settings["from_addr"]
    msg["To"] = order["email"]
    msg["Subject"] = f"{settings['shop_name']}: your framing is ready ({order['ticket']})"
    msg.set_content(TEMPLATES[kind].format(
        name=order["name"], ticket=order["ticket"], ready=order["ready_date"],
        days=days, balance=order.get("balance", "0.00"), shop=settings["shop_name"]))
    return msg


def main(argv=None):
    ap = argparse.ArgumentParser(description="Collection reminders")
    ap.add_argument("--orders", type=Path, default=Path("ready_orders.csv"))
    ap.add_argument("--settings", type=Path, default=Path("reminders.yaml"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    settings = load_settings(args.settings)
    schedule = Schedule(settings)
    today = dt.date.today()
    outbox = Path("outbox")
    outbox.mkdir(exist_ok=True)

    messages = []
    for order in read_orders(args.orders):
        days = (today - order["ready_date"]).days
        kind = schedule.template_for(days)
        if kind in TEMPLATES:
            messages.append(build_message(order, kind, days, settings))

    if args.dry_run:
        for i, msg in enumerate(messages):
            (outbox / f"{i:03d}.eml").write_bytes(bytes(msg))
        log.info("wrote %d messages to outbox", len(messages))
        return 0

    try:
        with smtplib.SMTP(settings["smtp_host"], settings["smtp_port"], timeout=20) as smtp:
            for msg in messages:
                smtp.send_message(msg)
                log.info("sent reminder to %s", msg["To"])
    except (smtplib.SMTPException, OSError) as exc:
        log.error("smtp failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
