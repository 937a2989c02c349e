#!/usr/bin/env python3
"""proof_approval_notify - email soft proofs to clients for sign-off.

Reads proof tickets dropped by the prepress station into ``proofs/outbox``
(one JSON file per job), mails the client the proof PDF together with a
one-time approve/reject link, and moves the ticket to ``proofs/sent``.

    {"job": "J24-0711", "client": "Harbour Cafe", "email": "ops@harbour.cafe",
     "pdf": "proofs/pdf/J24-0711_v2.pdf", "revision": 2}

SMTP credentials come from SMTP_USER / SMTP_PASSWORD.
"""
import argparse
import json
import logging
import os
import secrets
import smtplib
import ssl
import sys
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from pathlib import Path

log = logging.getLogger("proofmail")

DEFAULTS = {
    "relay": "mail.studio.lan",
    "port": 587,
    "relay_self_signed": True,
    "sender": "Proofs <proofs@brightline-signs.com>",
    "approve_base": "https://proofs.brightline-signs.com/a/",
    "outbox": "proofs/outbox",
    "sent": "proofs/sent",
    "reply_to": "",
}

BODY = """Hi {client},

Revision {revision} of job {job} is attached for your review.

  Approve: {link}?d=ok
  Request changes: {link}?d=changes

Colours on screen are approximate; the printed job is matched to the
physical swatch book. Please reply within 48 hours to keep your slot.

-- Brightline Signs & Print
"""


def load_config(path):
    cfg = dict(DEFAULTS)
    p = Path(path)
    if p.is_file():
        cfg.update(json.loads(p.read_text()))
    return cfg


def smtp_context(cfg):
    ctx = ssl.create_default_context()
    if cfg.get("relay_self_signed"):
        # The in-house relay uses the NAS's self-signed cert.
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
    return ctx


def build_message(cfg, ticket):
    token = secrets.token_urlsafe(18)
    link = cfg["approve_base"] + token
    msg = EmailMessage()
    msg["From"] = cfg["sender"]
    msg["To"] = ticket["email"]
    if cfg.get("reply_to"):
        msg["Reply-To"] = cfg["reply_to"]
    msg["Subject"] = f"Proof for approval: {ticket['job']} (rev {ticket.get('revision', 1)})"
    msg["Date"] = formatdate(localtime=True)
    msg["Message-ID"] = make_msgid(domain="brightline-signs.com")
    msg["X-Proof-Job"] = ticket["job"]
    msg.set_content(BODY.format(client=ticket.get("client", "there"),
                                revision=ticket.get("revision", 1),
                                job=ticket["job"], link=link))
    pdf = Path(ticket["pdf"])
    msg.add_attachment(pdf.read_bytes(), maintype="application",
                       subtype="pdf", filename=pdf.name)
    return msg, token


def send_all(cfg, dry_run=False):
    outbox, sent = Path(cfg["outbox"]), Path(cfg["sent"])
    sent.mkdir(parents=True, exist_ok=True)
    tickets = sorted(outbox.glob("*.json"))
    if not tickets:
        log.info("outbox empty")
        return 0
    user, password = os.environ.get("SMTP_USER"), os.environ.get("SMTP_PASSWORD")

    with smtplib.SMTP(cfg["relay"], cfg["port"], timeout=30) as smtp:
        smtp.starttls(context=smtp_context(cfg))
        if user and password:
            smtp.login(user, password)
        failures = 0
        for path in tickets:
            try:
                ticket = json.loads(path.read_text())
                msg, token = build_message(cfg, ticket)
            except (OSError, KeyError, ValueError) as exc:
                log.error("skipping %s: %s", path.name, exc)
                failures += 1
                continue
            if dry_run:
                log.info("would send %s to %s", ticket["job"], ticket["email"])
                continue
            try:
                smtp.send_message(msg, to_addrs=[ticket["email"]])
            except smtplib.SMTPException as exc:
                log.error("send failed for %s: %s", ticket["job"], exc)
                failures += 1
                continue
            ticket["token"] = token
            (sent / path.name).write_text(json.dumps(ticket, indent=2))
            path.unlink()
            log.info("sent %s to %s", ticket["job"], ticket["email"])
    return failures


def main():
    ap = argparse.ArgumentParser(description="mail proof PDFs for approval")
    ap.add_argument("-c", "--config", default="proofmail.json")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    try:
        failures = send_all(cfg, args.dry_run)
    except (OSError, smtplib.SMTPException) as exc:
        log.error("relay %s unavailable: %s", cfg["relay"], exc)
        return 2
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
