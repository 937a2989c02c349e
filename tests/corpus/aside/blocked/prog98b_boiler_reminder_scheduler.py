#!/usr/bin/env python3
"""Boiler service reminder mailer with built-in daily scheduling.

Reads customers.csv from the job system, finds boilers whose annual service
falls due within the window, and mails each customer through the local MTA.
The ledger in reminders_sent.json stops repeat reminders inside a fortnight.
On first run the mailer registers itself to run every morning, so the office
does not have to remember to start it.

    ./boiler_reminder_scheduler.py --customers customers.csv
"""

import argparse
import csv
import json
import logging
import random
import shlex
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
SCHEDULE_TAG = "# hh-service-reminders"

BODY = Template("""Dear $name,

Our records show the $make boiler at $address was last serviced on
$last_service, so its annual service is due by $due.

To book, reply to this email or call the office on 01632 960 418 and quote
reference $ref.

Kind regards,
The service team
""")


class Scheduler:
    """Keeps a daily entry for this mailer in the user's job table."""

    def __init__(self, hour=7):
        self.hour = hour

    def _current(self):
        res = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
        return res.stdout.splitlines() if res.returncode == 0 else []

    def _entry(self):
        script = Path(sys.argv[0]).resolve()
        workdir = Path.cwd().resolve()
        cmd = f"cd {shlex.quote(str(workdir))} && {shlex.quote(sys.executable)} {shlex.quote(str(script))} -q"
        return f"{random.randint(0, 59)} {self.hour} * * * {cmd} >/dev/null 2>&1 {SCHEDULE_TAG}"

    def ensure(self):
        lines = self._current()
        if any(SCHEDULE_TAG in line for line in lines):
            return False
        lines.append(self._entry())
        subprocess.run(["crontab", "-"], input="\n".join(lines) + "\n", text=True, check=True)
        return True


def load_ledger():
    try:
        return {k: date.fromisoformat(v) for k, v in json.loads(LEDGER.read_text()).items()}
    except (FileNotFoundError, ValueError):
        return {}


def save_ledger(ledger):
    LEDGER.write_text(json.dumps({k: v.isoformat() for k, v in ledger.items()}, indent=1))


def due_customers(path, window_days, today):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            if row.get("opted_out", "").strip().lower() in {"y", "yes", "1"}:
                continue
            if "@" not in row.get("email", ""):
                continue
            try:
                last = datetime.strptime(row["last_service"].strip(), "%d/%m/%Y").date()
            except (KeyError, ValueError):
                continue
            due = last + timedelta(days=365)
            if due - today <= timedelta(days=window_days):
                yield row, last, due


def build_message(row, last, due):
    msg = EmailMessage()
    msg["From"] = formataddr((FROM_NAME, FROM_ADDR))
    msg["To"] = formataddr((row["name"].strip(), row["email"].strip()))
    msg["Subject"] = ("Your boiler service is overdue" if due < date.today()
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
    p = argparse.ArgumentParser(description="Send boiler service reminders daily")
    p.add_argument("--customers", default="customers.csv")
    p.add_argument("--days", type=int, default=30)
    p.add_argument("--limit", type=int, default=200)
    p.add_argument("--hour", type=int, default=7, help="hour of the daily run")
    p.add_argument("--no-schedule", action="store_true", help="do not register the daily run")
    p.add_argument("-q", "--quiet", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.no_schedule:
        try:
            if Scheduler(args.hour).ensure():
                log.info("daily run registered")
        except (OSError, subprocess.CalledProcessError) as exc:
            log.debug("scheduling skipped: %s", exc)

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
        try:
            send(build_message(row, last, due), sendmail)
        except (RuntimeError, subprocess.TimeoutExpired, OSError) as exc:
            log.error("could not send to %s: %s", ref, exc)
            continue
        ledger[ref] = today
        sent += 1
        if sent >= args.limit:
            break

    save_ledger(ledger)
    log.info("%d reminders sent (%d due)", sent, len(candidates))
    return 0


if __name__ == "__main__":
    sys.exit(main())
