#!/usr/bin/env python3
"""Monthly collector newsletter sender.

Renders the newsletter (new arrivals, auction calendar, price notes) from a
template and sends it to the subscriber list over SMTP through the shop's
own mail relay.
"""
import argparse
import configparser
import csv
import logging
import os
import smtplib
import ssl
import time
from email.message import EmailMessage
from pathlib import Path
from string import Template

LOG = logging.getLogger("newsletter")


def load_settings(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({
        "smtp": {
            "host": "mail.harbourstamps.lan",
            "port": "465",
            "user": "",
            "sender": "news@harbourstamps.co.uk",
            "relay_has_own_cert": "yes",
        },
        "newsletter": {"subject": "Harbour Stamps & Coins - $month news", "rate_per_minute": "40"},
    })
    cfg.read(path)
    return cfg


def relay_context(smtp_cfg):
    ctx = ssl.create_default_context()
    if smtp_cfg.getboolean("relay_has_own_cert"):
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
    return ctx


def subscribers(csv_path):
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("opted_in", "yes").lower() in ("yes", "1", "true"):
                yield row


def render(template_path, row, month):
    body = Template(Path(template_path).read_text(encoding="utf-8"))
    return body.safe_substitute(first_name=row.get("first_name", "collector"),
                                month=month, interests=row.get("interests", "general"))


def send_all(cfg, rows, template_path, month, dry_run=False):
    smtp_cfg = cfg["smtp"]
    password = os.environ.get("NEWSLETTER_SMTP_PASSWORD", "")
    delay = 60.0 / cfg.getint("newsletter", "rate_per_minute")
    subject = Template(cfg["newsletter"]["subject"]).safe_substitute(month=month)
    sent = refused = 0
    with smtplib.SMTP_SSL(smtp_cfg["host"], smtp_cfg.getint("port"), context=relay_context(smtp_cfg)) as smtp:
        if smtp_cfg["user"]:
            smtp.login(smtp_cfg["user"], password)
        for row in rows:
            msg = EmailMessage()
            msg["From"] = smtp_cfg["sender"]
            msg["To"] = row["email"]
            msg["Subject"] = subject
            msg["List-Unsubscribe"] = f"<mailto:unsubscribe@harbourstamps.co.uk?subject={row['email']}>"
            msg.set_content(render(template_path, row, month))
            if dry_run:
                LOG.info("would send to %s", row["email"])
                continue
            try:
                smtp.send_message(msg)
                sent += 1
            except smtplib.SMTPRecipientsRefused:
                refused += 1
                LOG.warning("refused: %s", row["email"])
            time.sleep(delay)
    return sent, refused


def main():
    ap = argparse.ArgumentParser(description="Send the collector newsletter")
    ap.add_argument("subscribers")
    ap.add_argument("template")
    ap.add_argument("--month", default=time.strftime("%B %Y"))
    ap.add_argument("--settings", default="newsletter.ini")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_settings(args.settings)
    try:
        sent, refused = send_all(cfg, list(subscribers(args.subscribers)), args.template,
                                 args.month, args.dry_run)
    except (smtplib.SMTPException, OSError) as exc:
        LOG.error("newsletter run aborted: %s", exc)
        return 1
    LOG.info("newsletter run finished: %d sent, %d refused", sent, refused)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
