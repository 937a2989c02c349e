#!/usr/bin/env python3
"""
newsletter_mailer - send the monthly club newsletter ("The Eyepiece") to
members listed in members.csv.

Configuration lives in newsletter.yml:

    smtp: {host: smtp.example.org, port: 587, user: newsletter@club.org}
    from: "The Eyepiece <newsletter@club.org>"
    subject: "The Eyepiece - {month}"
    template: templates/newsletter.html.j2
    sky_events: [...]      # optional list rendered into the "This month" box

The SMTP password is taken from $NEWSLETTER_SMTP_PASSWORD.
"""

import argparse
import csv
import logging
import os
import smtplib
import ssl
import sys
import time
from datetime import date
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import yaml
from jinja2 import Environment, FileSystemLoader, select_autoescape

log = logging.getLogger("newsletter")


def load_config(path):
    with open(path, encoding="utf-8") as fh:
        # sky_events entries use custom tags (!conjunction, !meteor_shower)
        return yaml.load(fh, Loader=yaml.Loader)


def load_members(path, only_active=True):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if only_active and row.get("status", "active").lower() != "active":
                continue
            if row.get("newsletter_opt_out", "").lower() in ("1", "yes", "true"):
                continue
            if "@" not in row.get("email", ""):
                continue
            yield row


def render(cfg, member, month_label):
    tpl_path = Path(cfg["template"])
    env = Environment(loader=FileSystemLoader(str(tpl_path.parent)),
                      autoescape=select_autoescape(["html", "j2"]))
    tpl = env.get_template(tpl_path.name)
    return tpl.render(member=member, month=month_label,
                      events=cfg.get("sky_events", []),
                      meetings=cfg.get("meetings", []))


def build_message(cfg, member, html, month_label):
    msg = EmailMessage()
    msg["From"] = cfg["from"]
    msg["To"] = f'{member.get("first_name", "")} {member.get("last_name", "")} <{member["email"]}>'.strip()
    msg["Subject"] = cfg["subject"].format(month=month_label)
    msg["Message-ID"] = make_msgid(domain=cfg["from"].split("@")[-1].rstrip(">"))
    msg["List-Unsubscribe"] = f"<mailto:{cfg.get('unsubscribe', 'secretary@club.org')}?subject=unsubscribe>"
    msg.set_content("This newsletter is best viewed as HTML.")
    msg.add_alternative(html, subtype="html")
    return msg


class Mailer:
    def __init__(self, smtp_cfg, password):
        self.cfg = smtp_cfg
        self.password = password
        self.conn = None

    def __enter__(self):
        ctx = ssl.create_default_context()
        self.conn = smtplib.SMTP(self.cfg["host"], self.cfg.get("port", 587), timeout=30)
        self.conn.starttls(context=ctx)
        self.conn.login(self.cfg["user"], self.password)
        return self

    def __exit__(self, *exc):
        try:
            self.conn.quit()
        except smtplib.SMTPException:
            pass

    def send(self, msg, retries=3):
        for attempt in range(retries):
            try:
                self.conn.send_message(msg)
                return True
            except smtplib.SMTPServerDisconnected:
                self.__enter__()
            except smtplib.SMTPRecipientsRefused as exc:
                log.warning("refused %s: %s", msg["To"], exc)
                return False
            time.sleep(2 * (attempt + 1))
        return False


def main():
    ap = argparse.ArgumentParser(description="send the monthly club newsletter")
    ap.add_argument("--config", default="newsletter.yml")
    ap.add_argument("--members", default="members.csv")
    ap.add_argument("--month", default=date.today().strftime("%B %Y"))
    ap.add_argument("--test", metavar="EMAIL", help="send a single copy to EMAIL")
    ap.add_argument("--pause", type=float, default=1.5, help="seconds between messages")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = load_config(args.config)
    password = os.environ.get("NEWSLETTER_SMTP_PASSWORD")
    if not password:
        sys.exit("NEWSLETTER_SMTP_PASSWORD is not set")

    members = list(load_members(args.members))
    if args.test:
        members = [{"first_name": "Test", "last_name": "Copy", "email": args.test}]
    log.info("%d recipients", len(members))

    sent = failed = 0
    with Mailer(cfg["smtp"], password) as mailer:
        for member in members:
            html = render(cfg, member, args.month)
            if mailer.send(build_message(cfg, member, html, args.month)):
                sent += 1
            else:
                failed += 1
            time.sleep(args.pause)
    log.info("sent %d, failed %d", sent, failed)
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
