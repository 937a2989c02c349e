#!/usr/bin/env python3
"""Email rent reminders to tenants ahead of (and after) the due date.

Reads the rent ledger exported from the accounts package, picks out
tenancies whose rent is due within --days-ahead days or is overdue and
unpaid, and sends a templated reminder from the lettings mailbox.
Reminders already sent for a given due date are remembered in
sent_reminders.jsonl so nobody is emailed twice for the same instalment.

Environment: SMTP_HOST, SMTP_USER, SMTP_PASSWORD, REMINDER_FROM.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import smtplib
import ssl
import sys
import time
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from pathlib import Path
from string import Template

log = logging.getLogger("rent-reminders")

TEMPLATES = {
    "upcoming": Template(
        "Dear $name,\n\nThis is a friendly reminder that your rent of £$amount for "
        "$address is due on $due.\n\nPlease pay to the client account using reference "
        "$ref.\n\nKind regards,\n$agency Lettings"),
    "overdue": Template(
        "Dear $name,\n\nOur records show that the rent of £$amount for $address, due on "
        "$due, has not yet been received. Please make payment using reference $ref or "
        "contact us if there is a problem.\n\nKind regards,\n$agency Lettings"),
}


def load_ledger(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                row["due"] = dt.date.fromisoformat(row["due_date"])
                row["amount"] = f"{float(row['amount']):.2f}"
            except (KeyError, ValueError) as exc:
                log.warning("skipping bad ledger row %s: %s", row.get("tenancy_ref"), exc)
                continue
            yield row


def load_sent(path):
    sent = set()
    if path.exists():
        for line in path.read_text().splitlines():
            try:
                rec = json.loads(line)
                sent.add((rec["ref"], rec["due"], rec["kind"]))
            except (ValueError, KeyError):
                continue
    return sent


def pick_kind(row, today, days_ahead):
    if row.get("paid", "").strip().lower() in ("y", "yes", "1", "true"):
        return None
    if today > row["due"] + dt.timedelta(days=2):
        return "overdue"
    if 0 <= (row["due"] - today).days <= days_ahead:
        return "upcoming"
    return None


def build_message(row, kind, sender, agency):
    msg = EmailMessage()
    msg["From"] = formataddr((f"{agency} Lettings", sender))
    msg["To"] = row["email"]
    msg["Subject"] = ("Rent due " if kind == "upcoming" else "Rent overdue ") + row["address"]
    msg["Message-ID"] = make_msgid(domain=sender.split("@")[-1])
    msg.set_content(TEMPLATES[kind].substitute(
        name=row["tenant_name"], amount=row["amount"], address=row["address"],
        due=row["due"].strftime("%d %B %Y"), ref=row["tenancy_ref"], agency=agency))
    return msg


class Mailer:
    def __init__(self, host, port, user, password):
        self.host, self.port, self.user, self.password = host, port, user, password
        self.conn = None

    def __enter__(self):
        self.conn = smtplib.SMTP(self.host, self.port, timeout=30)
        self.conn.starttls(context=ssl.create_default_context())
        self.conn.login(self.user, self.password)
        return self

    def __exit__(self, *exc):
        try:
            self.conn.quit()
        except smtplib.SMTPException:
            pass

    def send(self, msg):
        self.conn.send_message(msg)


def run_once(args, cfg):
    today = dt.date.today()
    sent_log = Path(args.sent_log)
    sent = load_sent(sent_log)
    queue = []
    for row in load_ledger(args.ledger):
        kind = pick_kind(row, today, args.days_ahead)
        if kind and (row["tenancy_ref"], row["due_date"], kind) not in sent:
            queue.append((row, kind))
    log.info("%d reminders to send", len(queue))
    if args.dry_run or not queue:
        for row, kind in queue:
            log.info("would send %s reminder to %s", kind, row["email"])
        return 0
    failures = 0
    with Mailer(cfg["host"], cfg["port"], cfg["user"], cfg["password"]) as mailer, \
            sent_log.open("a") as out:
        for row, kind in queue:
            try:
                mailer.send(build_message(row, kind, cfg["sender"], args.agency))
            except smtplib.SMTPException as exc:
                log.error("%s: %s", row["email"], exc)
                failures += 1
                continue
            out.write(json.dumps({"ref": row["tenancy_ref"], "due": row["due_date"],
                                  "kind": kind, "at": time.time()}) + "\n")
    return 1 if failures else 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="Send rent reminder emails")
    ap.add_argument("--ledger", default="rent_ledger.csv")
    ap.add_argument("--sent-log", default="sent_reminders.jsonl")
    ap.add_argument("--days-ahead", type=int, default=3)
    ap.add_argument("--agency", default=os.environ.get("AGENCY_NAME", "Harbour & Hale"))
    ap.add_argument("--loop", type=int, default=0, help="repeat every N hours")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        cfg = {
            "host": os.environ["SMTP_HOST"],
            "port": int(os.environ.get("SMTP_PORT", "587")),
            "user": os.environ["SMTP_USER"],
            "password": os.environ["SMTP_PASSWORD"],
            "sender": os.environ.get("REMINDER_FROM", os.environ["SMTP_USER"]),
        }
    except KeyError as missing:
        log.error("missing environment variable %s", missing)
        return 2

    while True:
        try:
            rc = run_once(args, cfg)
        except (OSError, smtplib.SMTPException) as exc:
            log.error("run failed: %s", exc)
            rc = 1
        if not args.loop:
            return rc
        time.sleep(args.loop * 3600)


if __name__ == "__main__":
    sys.exit(main())
