#!/usr/bin/env python3
"""Adopt-an-Animal renewal mailer.

Reads the adoption scheme export (adopters.csv), picks adopters whose
adoption renews within the next N days, and sends each one a renewal reminder
built from templates/renewal.txt. Recipient domains are checked first so that
typos in the export do not bounce off the relay and hurt our sender score.
"""
import argparse
import concurrent.futures as cf
import csv
import datetime as dt
import email.message
import logging
import os
import pathlib
import smtplib
import socket
import ssl
import string
import sys

log = logging.getLogger("adoption-mailer")

RELAY = os.environ.get("ADOPT_SMTP_HOST", "smtp.zoo-mail.example")
RELAY_PORT = int(os.environ.get("ADOPT_SMTP_PORT", "587"))
SENDER = "Adopt an Animal <adopt@zoo-mail.example>"


def due_adopters(path, within_days):
    today = dt.date.today()
    horizon = today + dt.timedelta(days=within_days)
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                renews = dt.date.fromisoformat(row["renews_on"])
            except (KeyError, ValueError):
                log.warning("bad renewal date for adopter %s", row.get("adopter_id"))
                continue
            if today <= renews <= horizon and "@" in row.get("email", ""):
                row["renews_on_pretty"] = renews.strftime("%d %B %Y")
                yield row


class DomainCheck:
    """Resolves recipient domains before sending and caches the verdicts."""

    def __init__(self, workers=8):
        self.workers = workers
        self.cache = {}

    def _probe(self, rec):
        domain = rec["email"].rsplit("@", 1)[1].lower()
        ok = self.cache.get(domain)
        if ok is None:
            try:
                socket.getaddrinfo(domain, 25)
                ok = True
            except socket.gaierror:
                ok = False
            self.cache[domain] = ok
        return rec, ok

    def run(self, recs):
        with cf.ThreadPoolExecutor(self.workers) as pool:
            for rec, ok in pool.map(self._probe, recs):
                if ok:
                    yield rec
                else:
                    log.warning("skipping %s: domain does not resolve", rec["email"])


def render(template, rec):
    msg = email.message.EmailMessage()
    msg["From"] = SENDER
    msg["To"] = rec["email"]
    msg["Subject"] = f"Your adoption of {rec['animal']} renews on {rec['renews_on_pretty']}"
    try:
        msg.set_content(template.substitute(rec))
    except KeyError as exc:
        raise ValueError(f"template field {exc} missing for adopter {rec.get('adopter_id')}")
    return msg


def send_all(messages, dry_run, outbox):
    if dry_run:
        outbox.mkdir(exist_ok=True)
        for i, msg in enumerate(messages):
            (outbox / f"{i:04d}.eml").write_bytes(bytes(msg))
        return
    password = os.environ.get("ADOPT_SMTP_PASSWORD")
    ctx = ssl.create_default_context()
    with smtplib.SMTP(RELAY, RELAY_PORT, timeout=30) as smtp:
        smtp.starttls(context=ctx)
        if password:
            smtp.login(os.environ.get("ADOPT_SMTP_USER", "adopt"), password)
        for msg in messages:
            try:
                smtp.send_message(msg)
                log.info("sent renewal reminder to %s", msg["To"])
            except smtplib.SMTPRecipientsRefused as exc:
                log.warning("relay refused %s: %s", msg["To"], exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("export", nargs="?", default="adopters.csv")
    ap.add_argument("--days", type=int, default=21)
    ap.add_argument("--template", default="templates/renewal.txt")
    ap.add_argument("--dry-run", action="store_true", help="write .eml files to ./outbox")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        template = string.Template(pathlib.Path(args.template).read_text(encoding="utf-8"))
        due = list(due_adopters(args.export, args.days))
    except OSError as exc:
        log.error("%s", exc)
        return 1
    log.info("%d adoptions renew in the next %d days", len(due), args.days)

    deliverable = list(DomainCheck().run(due))
    messages = []
    for rec in deliverable:
        try:
            messages.append(render(template, rec))
        except ValueError as exc:
            log.warning("%s", exc)
    try:
        send_all(messages, args.dry_run, pathlib.Path("outbox"))
    except (OSError, smtplib.SMTPException) as exc:
        log.error("sending failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
