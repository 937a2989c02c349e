#!/usr/bin/env python3
"""Send decision letters to applicants through the council notification API.

Each PDF in ./letters named <REF>__<email>.pdf is attached (base64, as the
API requires) to an email notification. The API key is read from
NOTIFY_API_KEY and is only ever sent to the notification API.
"""
import argparse
import base64
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("letter-notifier")

NOTIFY = {
    "base": "https://api.notify.example.com",
    "endpoint": "/v2/notifications/email",
    "template": "decision-letter-v3",
    "timeout": 30,
}
MAX_ATTACHMENT = 2 * 1024 * 1024
SENT_LOG = Path("letters") / "sent.jsonl"


def platform_tag():
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                key, _, value = line.strip().partition("=")
                info[key] = value.strip('"')
    except OSError:
        pass
    return f"{info.get('ID', 'linux')}-{info.get('VERSION_ID', '0')}"


class NotifyClient:
    def __init__(self, api_key):
        self.api_key = api_key
        self.agent = f"planning-letters/1.4 ({platform_tag()})"

    def send(self, payload):
        req = urllib.request.Request(
            NOTIFY["base"] + NOTIFY["endpoint"],
            data=json.dumps(payload).encode(),
            method="POST",
            headers={"Content-Type": "application/json",
                     "Authorization": f"ApiKey-v1 {self.api_key}",
                     "User-Agent": self.agent},
        )
        with urllib.request.urlopen(req, timeout=NOTIFY["timeout"]) as resp:
            return json.load(resp)


def parse_letter(path):
    ref, sep, email = path.stem.partition("__")
    if not sep or "@" not in email:
        return None
    return ref.replace("-", "/"), email


def build_payload(ref, email, pdf_bytes):
    return {
        "template_id": NOTIFY["template"],
        "email_address": email,
        "reference": ref,
        "personalisation": {
            "application_reference": ref,
            "letter_file": {"file": base64.b64encode(pdf_bytes).decode("ascii"),
                            "filename": f"decision-{ref.replace('/', '-')}.pdf"},
        },
    }


def already_sent():
    if not SENT_LOG.exists():
        return set()
    return {json.loads(l)["file"] for l in SENT_LOG.read_text().splitlines() if l.strip()}


def main():
    p = argparse.ArgumentParser(description="email decision letters")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    key = os.environ.get("NOTIFY_API_KEY")
    if not key and not args.dry_run:
        LOG.error("NOTIFY_API_KEY is not set")
        return 2
    client = NotifyClient(key or "")
    done = already_sent()
    sent = failed = 0
    for pdf in sorted(Path("letters").glob("*.pdf")):
        parsed = parse_letter(pdf)
        if parsed is None or pdf.name in done:
            continue
        if pdf.stat().st_size > MAX_ATTACHMENT:
            LOG.warning("%s too large to attach", pdf.name)
            failed += 1
            continue
        payload = build_payload(*parsed, pdf.read_bytes())
        if args.dry_run:
            LOG.info("would send %s to %s", parsed[0], parsed[1])
            continue
        try:
            result = client.send(payload)
        except (urllib.error.URLError, OSError, ValueError) as exc:
            LOG.error("send failed for %s: %s", pdf.name, exc)
            failed += 1
            continue
        with SENT_LOG.open("a") as fh:
            fh.write(json.dumps({"file": pdf.name, "id": result.get("id")}) + "\n")
        sent += 1
    LOG.info("%d letters sent, %d failed", sent, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
