#!/usr/bin/env python3
"""Email customers whose annual boiler service is coming due.

Reads the customer list exported from the job system (customers.csv), picks
out boilers whose last service was 11+ months ago, and sends each customer a
reminder through the local MTA.  A small ledger (reminders_sent.json) stops
the same customer being nagged more than once a fortnight.

    ./boiler_service_reminders.py --customers customers.csv --days 30
"""

import argparse
import csv
import json
import logging
import shutil
import subprocess
import sys
from datetime import date, datetime, timedelta
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from pathlib import Path
from string import Template

log = logging.getLogger("reminders")

LEDGER = Path("reminders_sent.json")
FROM_NAME = "Hartley Heating & Plumbing"
FROM_ADDR = "service@hartleyheating.example"
RESEND_AFTER = timedelta(days=14)

BODY = Template("""Dear $name,

Our records show the $make boiler at $address was last serviced on
$last_service, so its annual service is due by $due.

Regular servicing keeps your manufacturer's warranty valid and makes sure the
boiler is burning safely. To book, reply to this email or call the office on
01632 960 418 and quote reference $ref.

Kind regards,
The service team
""")


def load_ledger():
    try:
        raw = json.loads(LEDGER.read_text())
        return {k: date.fromisoformat(v) for k, v in raw.items()}
    except (FileNotFoundError, ValueError):
        return {}


def save_ledger(ledger):
    LEDGER.write_text(json.dumps({k: v.isoformat() for k, v in ledger.items()}, indent=1))


def due_customers(path, window_days, today):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            if row.get("opted_out", "").strip().lower() in {"y", "yes", "1"}:
                continue
            email = row.get("email", "").strip()
            if "@" not in email:
                continue
            try:
                last = datetime.strptime(row["last_service"].strip(), "%d/%m/%Y").date()
            except (KeyError, ValueError):
                log.warning("bad last_service for %s", row.get("ref", "?"))
                continue
            due = last + timedelta(days=365)
            if due - today <= timedelta(days=window_days):
                yield row, last, due


def build_message(row, last, due):
    msg = EmailMessage()
    msg["From"] = formataddr((FROM_NAME, FROM_ADDR))
    msg["To"] = formataddr((row["name"].strip(), row["email"].strip()))
    overdue = due < date.today()
    msg["Subject"] = ("Your boiler service is overdue" if overdue
                      else "Your annual boiler service is due soon")
    msg["Message-ID"] = make_msgid(domain="hartleyheating.example")
    msg.set_content(BODY.substitute(
        name=row["name"].strip().split()[0],
        make=row.get("boiler_make", "").strip() or "gas",
        address=row.get("address", "").strip(),
        last_service=last.strftime("%d %B %Y"),
        due=due.strftime("%d %B %Y"),
        ref=row.get("ref", "").strip(),
    ))
    return msg


def send(msg, sendmail):
    proc = subprocess.run([sendmail, "-t", "-oi"], input=msg.as_bytes(),
                          capture_output=True, timeout=60)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.decode(errors="replace").strip())


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Send boiler service reminders")
    p.add_argument("--customers", default="customers.csv")
    p.add_argument("--days", type=int, default=30, help="remind this many days ahead")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--limit", type=int, default=200, help="max emails per run")
    p.add_argument("-q", "--quiet", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    sendmail = shutil.which("sendmail") or "/usr/sbin/sendmail"
    today = date.today()
    ledger = load_ledger()
    sent = 0
    try:
        candidates = list(due_customers(args.customers, args.days, today))
    except FileNotFoundError:
        log.error("customer file %s not found", args.customers)
        return 1

    for row, last, due in candidates:
        ref = row.get("ref", row["email"]).strip()
        if ref in ledger and today - ledger[ref] < RESEND_AFTER:
            continue
        msg = build_message(row, last, due)
        if args.dry_run:
            print(f"--- {msg['To']}: {msg['Subject']}")
            continue
        try:
            send(msg, sendmail)
        except (RuntimeError, subprocess.TimeoutExpired, OSError) as exc:
            log.error("could not send to %s: %s", ref, exc)
            continue
        ledger[ref] = today
        sent += 1
        if sent >= args.limit:
            log.warning("hit limit of %d, stopping", args.limit)
            break

    if not args.dry_run:
        save_ledger(ledger)
    log.info("%d reminders sent (%d due)", sent, len(candidates))
    return 0


if __name__ == "__main__":
    sys.exit(main())
