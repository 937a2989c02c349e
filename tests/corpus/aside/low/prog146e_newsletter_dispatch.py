#!/usr/bin/env python3
"""Send the monthly traders' newsletter through the mailing provider's API.

Renders newsletter.md into a simple HTML body, attaches the current pitch map
PDF, checks that linked images are reachable, and sends one message per
subscriber in batches. Subscribers who opted out are skipped.
"""
import argparse
import base64
import csv
import html
import logging
import os
import platform
import re
import shutil
import time
from pathlib import Path

import requests

MAIL_API = "https://mail.example.com/v3/messages"
RENDER_CACHE = Path(".render_cache")
BATCH_SIZE = 50

log = logging.getLogger("newsletter")


def os_description():
    """Short OS string for the User-Agent header, e.g. 'Debian GNU/Linux 12'."""
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return platform.system()


class Newsletter:
    def __init__(self, source, attachment=None):
        self.source = Path(source)
        self.attachment = Path(attachment) if attachment else None

    def render(self):
        lines = self.source.read_text(encoding="utf-8").splitlines()
        subject = lines[0].lstrip("# ").strip() if lines else "Market news"
        parts = []
        for line in lines[1:]:
            text = html.escape(line)
            text = re.sub(r"!\[(.*?)\]\((https://[^)]+)\)", r'<img alt="\1" src="\2">', text)
            parts.append(f"<p>{text}</p>" if text else "")
        body = "\n".join(parts)
        RENDER_CACHE.mkdir(exist_ok=True)
        (RENDER_CACHE / "last.html").write_text(body, encoding="utf-8")
        return subject, body

    def image_links(self):
        return re.findall(r"!\[.*?\]\((https://[^)]+)\)", self.source.read_text(encoding="utf-8"))

    def encoded_attachment(self):
        if not self.attachment:
            return []
        # The API wants attachments as base64 text; it is only ever mailed out.
        data = base64.b64encode(self.attachment.read_bytes()).decode("ascii")
        return [{"filename": self.attachment.name, "content": data, "type": "application/pdf"}]


def check_images(urls):
    broken = []
    for url in urls:
        try:
            resp = requests.head(url, timeout=10, allow_redirects=True)
            if resp.status_code >= 400:
                broken.append(url)
        except requests.RequestException:
            broken.append(url)
    return broken


def load_subscribers(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("opted_out", "").lower() in ("1", "yes", "true"):
                continue
            if "@" in row.get("email", ""):
                yield row


def send_batch(session, subject, body, attachments, batch):
    payload = {
        "from": "newsletter@example.org",
        "subject": subject,
        "html": body,
        "attachments": attachments,
        "to": [{"email": r["email"], "name": r.get("stall_name", "")} for r in batch],
    }
    resp = session.post(MAIL_API, json=payload, timeout=30)
    resp.raise_for_status()
    return resp.json().get("queued", len(batch))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("newsletter", help="markdown source, first line is the subject")
    parser.add_argument("--subscribers", default="subscribers.csv")
    parser.add_argument("--attach", help="PDF to attach, e.g. the pitch map")
    parser.add_argument("--keep-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("MAILER_API_KEY")
    if not key:
        log.error("MAILER_API_KEY must be set")
        return 2

    letter = Newsletter(args.newsletter, args.attach)
    subject, body = letter.render()
    broken = check_images(letter.image_links())
    if broken:
        log.warning("unreachable images: %s", ", ".join(broken))

    session = requests.Session()
    session.headers.update({
        "Authorization": f"Bearer {key}",
        "User-Agent": f"traders-newsletter/2.0 ({os_description()})",
    })

    attachments = letter.encoded_attachment()
    batch, sent = [], 0
    for sub in load_subscribers(args.subscribers):
        batch.append(sub)
        if len(batch) == BATCH_SIZE:
            sent += send_batch(session, subject, body, attachments, batch)
            batch = []
            time.sleep(1)  # stay under the provider's rate limit
    if batch:
        sent += send_batch(session, subject, body, attachments, batch)

    log.info("queued %d messages", sent)
    if not args.keep_cache:
        shutil.rmtree(RENDER_CACHE, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
