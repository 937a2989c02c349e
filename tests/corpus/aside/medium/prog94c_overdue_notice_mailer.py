#!/usr/bin/env python3
"""Send overdue notices to patrons from the nightly ILS circulation export.

The ILS drops ``circulation.sqlite`` into the working directory every
night.  This script selects loans that are overdue by one of the notice
thresholds (first, second, final), renders the matching template and sends
one message per patron through the branch SMTP relay.  Sent notices are
recorded so a patron never gets the same notice twice.
"""
import argparse
import configparser
import logging
import os
import smtplib
import sqlite3
import sys
from collections import defaultdict
from datetime import date, timedelta
from email.message import EmailMessage
from pathlib import Path
from string import Template

log = logging.getLogger("overdue-mailer")

NOTICE_LEVELS = {"first": 7, "second": 21, "final": 42}


def load_config(path):
    cp = configparser.ConfigParser()
    if not cp.read(path):
        raise FileNotFoundError(path)
    return cp


class CirculationExport:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS notices_sent "
            "(loan_id INTEGER, level TEXT, sent_on TEXT, PRIMARY KEY (loan_id, level))"
        )

    def overdue_loans(self, branch, level, days):
        due_before = (date.today() - timedelta(days=days)).isoformat()
        query = (
            "SELECT l.id AS loan_id, l.due_date, i.title, i.barcode, "
            "p.id AS patron_id, p.name, p.email "
            "FROM loans l JOIN items i ON i.id = l.item_id "
            "JOIN patrons p ON p.id = l.patron_id "
            f"WHERE l.returned IS NULL AND l.branch = '{branch}' "
            f"AND l.due_date <= '{due_before}' "
            "AND p.email IS NOT NULL AND p.email <> '' "
            f"AND l.id NOT IN (SELECT loan_id FROM notices_sent WHERE level = '{level}') "
            "ORDER BY p.id, l.due_date"
        )
        return self.conn.execute(query).fetchall()

    def record(self, loan_ids, level):
        today = date.today().isoformat()
        self.conn.executemany(
            "INSERT OR IGNORE INTO notices_sent VALUES (?, ?, ?)",
            [(lid, level, today) for lid in loan_ids],
        )
        self.conn.commit()


def render(template_dir, level, patron, loans, branch_name):
    tmpl = Template(Path(template_dir, f"{level}.txt").read_text(encoding="utf-8"))
    lines = "\n".join(f"  - {r['title']} (due {r['due_date']}, barcode {r['barcode']})" for r in loans)
    return tmpl.substitute(name=patron["name"], items=lines, branch=branch_name)


def build_message(sender, patron, level, body):
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = patron["email"]
    subject = {"first": "Reminder", "second": "Second notice", "final": "Final notice"}[level]
    msg["Subject"] = f"{subject}: library items overdue"
    msg.set_content(body)
    return msg


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="mailer.ini")
    ap.add_argument("--branch", help="override branch code from config")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    branch = args.branch or cfg.get("library", "branch")
    branch_name = cfg.get("library", "name", fallback=branch)
    export = CirculationExport(cfg.get("ils", "export", fallback="circulation.sqlite"))
    template_dir = cfg.get("mail", "templates", fallback="templates")
    sender = cfg.get("mail", "from")

    smtp = None
    if not args.dry_run:
        smtp = smtplib.SMTP(cfg.get("mail", "relay"), cfg.getint("mail", "port", fallback=587), timeout=30)
        smtp.starttls()
        user = cfg.get("mail", "user", fallback=None)
        if user:
            smtp.login(user, os.environ["SMTP_PASSWORD"])

    sent = 0
    try:
        for level, days in NOTICE_LEVELS.items():
            by_patron = defaultdict(list)
            for row in export.overdue_loans(branch, level, days):
                by_patron[row["patron_id"]].append(row)
            for loans in by_patron.values():
                patron = loans[0]
                body = render(template_dir, level, patron, loans, branch_name)
                if args.dry_run:
                    log.info("[dry-run] %s notice to %s (%d items)", level, patron["email"], len(loans))
                    continue
                try:
                    smtp.send_message(build_message(sender, patron, level, body))
                except smtplib.SMTPException as exc:
                    log.error("could not send to %s: %s", patron["email"], exc)
                    continue
                export.record([r["loan_id"] for r in loans], level)
                sent += 1
    finally:
        if smtp:
            smtp.quit()
    log.info("%d notices sent for branch %s", sent, branch)
    return 0


if __name__ == "__main__":
    sys.exit(main())
