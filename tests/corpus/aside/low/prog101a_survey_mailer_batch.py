#!/usr/bin/env python3
"""Post-cruise feedback survey mailer (batch mode).

Sends each disembarked guest a personalised survey link, then mails a short
delivery report (counts and refusals) to the guest experience mailbox so
response rates can be reconciled.
"""
import argparse
import configparser
import csv
import hashlib
import hmac
import logging
import os
import smtplib
import socket
import sys
from email.message import EmailMessage

log = logging.getLogger("survey-mailer")

DEFAULTS = {
    "smtp_host": "smtp.bluewake.example.com",
    "smtp_port": "587",
    "sender": "guest-feedback@bluewake.example.com",
    "survey_base": "https://feedback.bluewake.example.com/s/",
    "report_to": "guest-experience@bluewake.example.com",
    "batch_size": "50",
}

BODY = """Dear {name},

Thank you for sailing with us on {ship}. We would love to hear how we did.
It takes about four minutes:

    {link}

Warm regards,
Guest Experience Team
"""


def load_config(path):
    cp = configparser.ConfigParser(defaults=DEFAULTS)
    cp.read([path])
    return cp["DEFAULT"] if not cp.has_section("mailer") else cp["mailer"]


def survey_link(base, booking_ref, secret):
    sig = hmac.new(secret.encode(), booking_ref.encode(), hashlib.sha256).hexdigest()[:20]
    return f"{base}{booking_ref}?sig={sig}"


def guests(csv_path):
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("Email") and row.get("OptOut", "N").upper() != "Y":
                yield row


def batched(iterable, size):
    batch = []
    for item in iterable:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def build_report(stats, cfg, refused):
    msg = EmailMessage()
    msg["Subject"] = f"Survey delivery report {socket.gethostname()}"
    msg["From"] = cfg["sender"]
    msg["To"] = cfg["report_to"]
    lines = [f"{k}: {v}" for k, v in stats.items()]
    if refused:
        lines += ["", "Refused addresses:"] + sorted(refused)
    msg.set_content("\n".join(lines))
    return msg


def run(args, cfg):
    secret = os.environ.get("SURVEY_LINK_SECRET", "")
    if not secret:
        log.error("SURVEY_LINK_SECRET is not set")
        return 2
    stats = {"sent": 0, "refused": 0, "ship": args.ship}
    refused = []
    with smtplib.SMTP(cfg["smtp_host"], int(cfg["smtp_port"]), timeout=30) as smtp:
        smtp.starttls()
        smtp.login(os.environ.get("SMTP_USER", ""), os.environ.get("SMTP_PASSWORD", ""))
        for n, batch in enumerate(batched(guests(args.guests), int(cfg["batch_size"])), 1):
            log.info("batch %d: %d guests", n, len(batch))
            for g in batch:
                msg = EmailMessage()
                msg["Subject"] = f"How was your voyage on {args.ship}?"
                msg["From"] = cfg["sender"]
                msg["To"] = g["Email"]
                msg.set_content(BODY.format(name=g.get("FirstName", "guest"), ship=args.ship,
                                            link=survey_link(cfg["survey_base"], g["BookingRef"], secret)))
                if args.dry_run:
                    log.info("would send to %s", g["Email"])
                    continue
                try:
                    smtp.send_message(msg)
                    stats["sent"] += 1
                except smtplib.SMTPRecipientsRefused:
                    stats["refused"] += 1
                    refused.append(g["Email"])
        if not args.dry_run and args.report:
            smtp.send_message(build_report(stats, cfg, refused))
            log.info("delivery report sent to %s", cfg["report_to"])
    log.info("done: %s", stats)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("guests", help="disembarkation CSV (BookingRef, FirstName, Email, OptOut)")
    ap.add_argument("--ship", required=True)
    ap.add_argument("--config", default="survey_mailer.ini")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-report", dest="report", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        return run(args, load_config(args.config))
    except (OSError, smtplib.SMTPException) as exc:
        log.error("mail run failed: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
