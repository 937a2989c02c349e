#!/usr/bin/env python3
"""Membership dues statement mailer.

Reads members with an outstanding balance from the club's membership
database (members.db, maintained by the treasurer's desktop app) and sends
each one a statement with the club's bank details and their mandate
reference.  Can be limited to one membership category or one member.
"""

import argparse
import configparser
import logging
import os
import smtplib
import sqlite3
import sys
from email.message import EmailMessage
from pathlib import Path

log = logging.getLogger("dues")

TEMPLATE = """Dear {name},

Our records show an outstanding balance of EUR {amount:.2f} on your membership
account ({member_no}).  If your direct debit mandate is active the amount will
be collected from the account ending {iban_tail} on the 5th of next month.

Otherwise please transfer to:
  {club_name}
  IBAN {club_iban}
  Reference DUES-{member_no}

Blue skies,
{treasurer}
"""


def load_settings(path):
    cp = configparser.ConfigParser()
    cp.read_dict({
        "smtp": {"host": "smtp.aeroclub.example.org", "port": "587", "user": "", "sender": "treasurer@aeroclub.example.org"},
        "club": {"name": "Aero Club", "iban": "", "treasurer": "The Treasurer"},
        "db": {"path": "members.db"},
    })
    cp.read(path)
    return cp


class MemberStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def outstanding(self, category=None, member_no=None, minimum=0.0):
        sql = ("SELECT member_no, name, email, iban, amount_due FROM members "
               f"WHERE amount_due > {minimum} AND email <> ''")
        if category:
            sql += f" AND category = '{category}'"
        if member_no:
            sql += f" AND member_no = '{member_no}'"
        sql += " ORDER BY member_no"
        log.debug("query: %s", sql)
        return [dict(r) for r in self.conn.execute(sql)]

    def mark_notified(self, member_no):
        self.conn.execute("UPDATE members SET last_reminder = date('now') WHERE member_no = ?", (member_no,))
        self.conn.commit()


def build_message(settings, row):
    msg = EmailMessage()
    msg["From"] = settings["smtp"]["sender"]
    msg["To"] = row["email"]
    msg["Subject"] = f"Membership dues statement ({row['member_no']})"
    msg.set_content(TEMPLATE.format(
        name=row["name"], amount=row["amount_due"], member_no=row["member_no"],
        iban_tail=(row["iban"] or "")[-4:] or "----", club_name=settings["club"]["name"],
        club_iban=settings["club"]["iban"], treasurer=settings["club"]["treasurer"]))
    return msg


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="dues.ini")
    ap.add_argument("--category", help="e.g. flying, social, junior")
    ap.add_argument("--member", help="send to one member number only")
    ap.add_argument("--minimum", type=float, default=0.0)
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    settings = load_settings(args.config)
    db_path = Path(settings["db"]["path"])
    if not db_path.exists():
        log.error("membership database %s not found", db_path)
        return 2
    store = MemberStore(db_path)
    rows = store.outstanding(args.category, args.member, args.minimum)
    log.info("%d members with an outstanding balance", len(rows))

    if args.dry_run:
        for row in rows:
            print(f"{row['member_no']:>6} {row['email']:40} {row['amount_due']:8.2f}")
        return 0

    sent = 0
    with smtplib.SMTP(settings["smtp"]["host"], settings.getint("smtp", "port"), timeout=30) as smtp:
        smtp.starttls()
        if settings["smtp"]["user"]:
            smtp.login(settings["smtp"]["user"], os.environ.get("DUES_SMTP_PASSWORD", ""))
        for row in rows:
            try:
                smtp.send_message(build_message(settings, row))
                store.mark_notified(row["member_no"])
                sent += 1
            except smtplib.SMTPException as exc:
                log.error("failed for %s: %s", row["email"], exc)
    log.info("sent %d statements", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
