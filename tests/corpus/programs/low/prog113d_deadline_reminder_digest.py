#!/usr/bin/env python3
"""Probate deadline reminder digest.

Reads the estate deadline register (CSV exported from the case management
system) and emails each clerk one digest listing every deadline falling
inside the look-ahead window: inventory filings, creditor claim periods,
final accounting dates.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import smtplib
import ssl
from collections import defaultdict
from email.message import EmailMessage

log = logging.getLogger("deadline-digest")

HOLIDAYS = {
    dt.date(2025, 1, 1), dt.date(2025, 5, 26), dt.date(2025, 7, 4),
    dt.date(2025, 9, 1), dt.date(2025, 11, 27), dt.date(2025, 12, 25),
}


def roll_forward(day):
    """Move a deadline that lands on a weekend or court holiday."""
    while day.weekday() >= 5 or day in HOLIDAYS:
        day += dt.timedelta(days=1)
    return day


def read_register(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                row["due"] = roll_forward(dt.date.fromisoformat(row["due_date"]))
            except (KeyError, ValueError):
                log.warning("skipping row with bad due_date: %r", row)
                continue
            yield row


def build_digest(clerk, rows, sender, days):
    rows = sorted(rows, key=lambda r: r["due"])
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = clerk
    msg["Subject"] = f"Probate deadlines - next {days} days ({len(rows)} item(s))"
    lines = [f"Deadlines due in the next {days} days:", ""]
    for r in rows:
        lines.append(f"  {r['due']:%a %d %b}  {r['estate_ref']:<12} {r['task']}"
                     f"  ({r['estate_name']}, {r.get('court', 'n/a')})")
    lines += ["", "Generated from the deadline register. Update the register if a date moved."]
    msg.set_content("\n".join(lines) + "\n")
    return msg


def main():
    ap = argparse.ArgumentParser(description="Email a digest of upcoming probate deadlines")
    ap.add_argument("register", help="deadline register CSV")
    ap.add_argument("--days", type=int, default=14, help="look-ahead window")
    ap.add_argument("--smtp-host", default=os.environ.get("SMTP_HOST", "smtp.office365.com"))
    ap.add_argument("--smtp-port", type=int, default=587)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    user = os.environ.get("SMTP_USER")
    password = os.environ.get("SMTP_PASSWORD")
    today = dt.date.today()
    horizon = today + dt.timedelta(days=args.days)

    by_clerk = defaultdict(list)
    for r in read_register(args.register):
        if today <= r["due"] <= horizon:
            by_clerk[r["clerk_email"]].append(r)
    log.info("%d clerk(s) have deadlines inside %d days", len(by_clerk), args.days)
    if not by_clerk:
        return
    if args.dry_run:
        for clerk, rows in by_clerk.items():
            log.info("would send %d item(s) to %s", len(rows), clerk)
        return
    if not (user and password):
        raise SystemExit("SMTP_USER and SMTP_PASSWORD must be set")

    ctx = ssl.create_default_context()
    with smtplib.SMTP(args.smtp_host, args.smtp_port, timeout=30) as smtp:
        smtp.starttls(context=ctx)
        smtp.login(user, password)
        for clerk, rows in by_clerk.items():
            try:
                smtp.send_message(build_digest(clerk, rows, user, args.days))
                log.info("sent digest to %s", clerk)
            except smtplib.SMTPException as exc:
                log.error("could not send digest to %s: %s", clerk, exc)


if __name__ == "__main__":
    main()
