#!/usr/bin/env python3
"""Render phishing-awareness campaign templates to .eml files for review.

Nothing is sent: the security-awareness team opens the generated messages in
a mail client, checks wording and links, then hands the campaign to the
approved simulation platform.
"""
import argparse
import base64
import csv
import logging
import secrets
import sys
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

logger = logging.getLogger("phish-preview")

LANDING_BASE = "https://awareness.example.org/l/"


class CampaignPreview:
    def __init__(self, template_dir: Path, out_dir: Path, sender: str):
        self.env = Environment(
            loader=FileSystemLoader(str(template_dir)),
            autoescape=select_autoescape(["html", "htm", "xml"]),
            trim_blocks=True,
        )
        self.out_dir = out_dir
        self.sender = sender
        self.out_dir.mkdir(parents=True, exist_ok=True)

    def _tracking_id(self) -> str:
        return secrets.token_urlsafe(10)

    def build(self, recipient: dict, template: str, subject: str, attachment: Path = None):
        tid = self._tracking_id()
        ctx = {
            "first_name": recipient.get("first_name", "colleague"),
            "department": recipient.get("department", ""),
            "link": LANDING_BASE + tid,
            "pixel": f"{LANDING_BASE}p/{tid}.gif",
        }
        html = self.env.get_template(template + ".html").render(**ctx)
        text = self.env.get_template(template + ".txt").render(**ctx)

        msg = EmailMessage()
        msg["From"] = formataddr(("IT Service Desk", self.sender))
        msg["To"] = recipient["email"]
        msg["Subject"] = subject
        msg["Message-ID"] = make_msgid(domain="awareness.example.org")
        msg["X-Simulation-Id"] = tid
        msg.set_content(text)
        msg.add_alternative(html, subtype="html")
        if attachment is not None and attachment.is_file():
            msg.add_attachment(attachment.read_bytes(), maintype="application",
                               subtype="pdf", filename=attachment.name)
        return tid, msg

    def write(self, tid: str, msg: EmailMessage) -> Path:
        path = self.out_dir / f"{tid}.eml"
        path.write_bytes(bytes(msg))
        return path


def load_recipients(path: Path):
    with path.open(newline="", encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(fh) if r.get("email")]
    if not rows:
        raise ValueError(f"no recipients in {path}")
    return rows


def write_index(out_dir: Path, rows):
    """Small index so reviewers can match tracking ids to people."""
    index = out_dir / "index.tsv"
    with index.open("w", encoding="utf-8") as fh:
        for tid, email, path in rows:
            # encoded only to keep the address out of casual greps
            token = base64.urlsafe_b64encode(email.encode()).decode()
            fh.write(f"{tid}\t{token}\t{path.name}\n")
    return index


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--templates", type=Path, default=Path("templates"))
    ap.add_argument("--template", default="password_expiry")
    ap.add_argument("--recipients", type=Path, default=Path("recipients.csv"))
    ap.add_argument("--out", type=Path, default=Path("preview"))
    ap.add_argument("--subject", default="Action required: password expires today")
    ap.add_argument("--sender", default="servicedesk@awareness.example.org")
    ap.add_argument("--attach", type=Path)
    ap.add_argument("--limit", type=int, default=5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        recipients = load_recipients(args.recipients)[: args.limit]
    except (OSError, ValueError) as exc:
        logger.error("%s", exc)
        return 1

    preview = CampaignPreview(args.templates, args.out, args.sender)
    written = []
    for r in recipients:
        tid, msg = preview.build(r, args.template, args.subject, args.attach)
        path = preview.write(tid, msg)
        written.append((tid, r["email"], path))
        logger.info("rendered %s -> %s", r["email"], path)
    idx = write_index(args.out, written)
    logger.info("%d previews, index at %s", len(written), idx)
    return 0


if __name__ == "__main__":
    sys.exit(main())
