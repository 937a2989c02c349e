#!/usr/bin/env python3
"""Send a MIME digest of a mailing list archive to digest subscribers.

The list archive is a plain mbox (as written by the list's archiver
pipe).  Every run collects the messages that arrived since the previous
digest, wraps them in a multipart/digest and sends it to the addresses in
the subscribers file.  Settings come from an INI file:

    [digest]
    list_name = ops-announce
    list_address = ops-announce@lists.example.org
    archive = /srv/lists/ops-announce/archive.mbox
    subscribers = digest-subscribers.txt
    smtp_host = smtp.example.org
    smtp_port = 587

SMTP credentials are taken from DIGEST_SMTP_USER / DIGEST_SMTP_PASSWORD.
"""

import argparse
import configparser
import json
import logging
import mailbox
import os
import smtplib
import ssl
import sys
from datetime import datetime, timezone
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid, parsedate_to_datetime
from pathlib import Path

log = logging.getLogger("list-digest")
STATE_FILE = Path(".digest-state.json")


def load_config(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise SystemExit(f"config file {path} not found")
    return cfg["digest"]


def load_state():
    try:
        return json.loads(STATE_FILE.read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))


def new_messages(archive, since_ts):
    box = mailbox.mbox(archive, create=False)
    try:
        for key, msg in box.iteritems():
            try:
                ts = parsedate_to_datetime(msg["Date"]).timestamp()
            except (TypeError, ValueError):
                continue
            if ts > since_ts:
                yield ts, msg
    finally:
        box.close()


def build_digest(cfg, messages, issue):
    digest = EmailMessage()
    digest["From"] = cfg["list_address"]
    digest["To"] = cfg["list_address"]
    digest["Subject"] = f"{cfg['list_name']} Digest, Vol {datetime.now():%Y}, Issue {issue}"
    digest["Date"] = format_datetime(datetime.now(timezone.utc))
    digest["Message-ID"] = make_msgid(domain=cfg["list_address"].split("@")[-1])
    digest["List-Id"] = f"<{cfg['list_address'].replace('@', '.')}>"
    digest["Precedence"] = "list"

    toc = [f"Today's topics ({len(messages)} messages):", ""]
    for n, (_, msg) in enumerate(messages, 1):
        toc.append(f"  {n:>3}. {msg.get('Subject', '(no subject)')} ({msg.get('From', '?')})")
    digest.set_content("\n".join(toc) + "\n")

    # first attachment turns the message into multipart/mixed with the TOC first
    for _, msg in messages:
        digest.add_attachment(msg.as_bytes(), maintype="message", subtype="rfc822")
    return digest


def read_subscribers(path):
    subs = []
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            subs.append(line)
    return subs


def send(cfg, digest, recipients, dry_run=False):
    if dry_run:
        log.info("[dry-run] digest of %d bytes to %d subscribers",
                 len(digest.as_bytes()), len(recipients))
        return
    user = os.environ.get("DIGEST_SMTP_USER")
    password = os.environ.get("DIGEST_SMTP_PASSWORD")
    ctx = ssl.create_default_context()
    with smtplib.SMTP(cfg["smtp_host"], cfg.getint("smtp_port", 587), timeout=60) as smtp:
        smtp.starttls(context=ctx)
        if user and password:
            smtp.login(user, password)
        refused = smtp.send_message(digest, to_addrs=recipients)
    for addr, err in refused.items():
        log.warning("refused %s: %s", addr, err)


def run(cfg_path, dry_run):
    cfg = load_config(cfg_path)
    state = load_state()
    since = state.get("last_ts", 0)
    msgs = sorted(new_messages(cfg["archive"], since), key=lambda t: t[0])
    if not msgs:
        log.info("nothing new since %s", datetime.fromtimestamp(since))
        return 0
    issue = state.get("issue", 0) + 1
    digest = build_digest(cfg, msgs, issue)
    subs = read_subscribers(cfg["subscribers"])
    send(cfg, digest, subs, dry_run)
    if not dry_run:
        state.update(last_ts=msgs[-1][0], issue=issue)
        save_state(state)
    log.info("issue %d: %d messages to %d subscribers", issue, len(msgs), len(subs))
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="digest.ini")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        return run(args.config, args.dry_run)
    except (OSError, smtplib.SMTPException, KeyError) as exc:
        log.error("digest failed: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
