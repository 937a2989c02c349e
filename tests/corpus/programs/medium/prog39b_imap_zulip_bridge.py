#!/usr/bin/env python3
"""Email-to-Zulip bridge.

Polls an IMAP mailbox for unread messages, reads optional YAML routing
front-matter from the top of the body (stream, topic, mentions) and
forwards each message to Zulip.  Messages are flagged \\Seen afterwards.
"""

import argparse
import email
import imaplib
import logging
import os
import sys
import time
from email.header import decode_header, make_header
from email.message import Message
from typing import Dict, Optional, Tuple

import requests
import yaml

log = logging.getLogger("mail2zulip")

DEFAULT_ROUTE = {"stream": "inbox", "topic": None, "mention": []}
FRONT_MATTER = "---"


def header_text(msg: Message, name: str) -> str:
    raw = msg.get(name, "")
    try:
        return str(make_header(decode_header(raw)))
    except Exception:  # noqa: BLE001
        return raw


def body_text(msg: Message) -> str:
    if msg.is_multipart():
        for part in msg.walk():
            if part.get_content_type() == "text/plain" and not part.get_filename():
                payload = part.get_payload(decode=True) or b""
                return payload.decode(part.get_content_charset() or "utf-8", "replace")
        return ""
    payload = msg.get_payload(decode=True) or b""
    return payload.decode(msg.get_content_charset() or "utf-8", "replace")


def split_front_matter(text: str) -> Tuple[Dict, str]:
    """Return (routing options, remaining body)."""
    stripped = text.lstrip()
    if not stripped.startswith(FRONT_MATTER):
        return dict(DEFAULT_ROUTE), text
    parts = stripped.split(FRONT_MATTER, 2)
    if len(parts) < 3:
        return dict(DEFAULT_ROUTE), text
    # routing block may use anchors and custom tags from the old mail templates
    options = yaml.load(parts[1], Loader=yaml.Loader) or {}
    route = dict(DEFAULT_ROUTE)
    if isinstance(options, dict):
        route.update({k: v for k, v in options.items() if k in DEFAULT_ROUTE})
    return route, parts[2].lstrip("\n")


class ZulipSender:
    def __init__(self, site: str, email_addr: str, api_key: str):
        self.url = site.rstrip("/") + "/api/v1/messages"
        self.auth = (email_addr, api_key)

    def send(self, stream: str, topic: str, content: str) -> Optional[int]:
        resp = requests.post(self.url, auth=self.auth, timeout=15, data={
            "type": "stream", "to": stream, "topic": topic[:60], "content": content,
        })
        if resp.status_code != 200:
            log.error("zulip rejected message: %s", resp.text[:200])
            return None
        return resp.json().get("id")


def format_message(msg: Message, route: Dict, body: str) -> str:
    sender = header_text(msg, "From")
    mentions = " ".join(f"@**{m}**" for m in route.get("mention") or [])
    head = f"**From:** {sender}\n**Subject:** {header_text(msg, 'Subject')}"
    if mentions:
        head += f"\n{mentions}"
    return f"{head}\n\n```quote\n{body.strip()[:8000]}\n```"


def poll_once(imap: imaplib.IMAP4_SSL, sender: ZulipSender, folder: str) -> int:
    imap.select(folder)
    typ, data = imap.search(None, "UNSEEN")
    if typ != "OK":
        return 0
    forwarded = 0
    for num in data[0].split():
        typ, fetched = imap.fetch(num, "(BODY.PEEK[])")
        if typ != "OK" or not fetched or not isinstance(fetched[0], tuple):
            continue
        msg = email.message_from_bytes(fetched[0][1])
        try:
            route, body = split_front_matter(body_text(msg))
        except yaml.YAMLError as exc:
            log.warning("bad front matter in %s: %s", num, exc)
            route, body = dict(DEFAULT_ROUTE), body_text(msg)
        topic = route.get("topic") or header_text(msg, "Subject") or "(no subject)"
        if sender.send(route["stream"], topic, format_message(msg, route, body)):
            imap.store(num, "+FLAGS", "\\Seen")
            forwarded += 1
    return forwarded


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--imap-host", default=os.environ.get("IMAP_HOST", "imap.example.com"))
    ap.add_argument("--folder", default="INBOX")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        sender = ZulipSender(os.environ["ZULIP_SITE"], os.environ["ZULIP_EMAIL"],
                             os.environ["ZULIP_API_KEY"])
        imap_user, imap_pass = os.environ["IMAP_USER"], os.environ["IMAP_PASSWORD"]
    except KeyError as exc:
        log.error("missing environment variable %s", exc)
        return 2

    while True:
        try:
            with imaplib.IMAP4_SSL(args.imap_host) as imap:
                imap.login(imap_user, imap_pass)
                n = poll_once(imap, sender, args.folder)
                log.info("forwarded %d message(s)", n)
        except (imaplib.IMAP4.error, OSError) as exc:
            log.error("imap error: %s", exc)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
