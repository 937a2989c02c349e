#!/usr/bin/env python3
"""Send appointment and results letters to dialysis outpatients.

Letters are rendered from plain-text templates (string.Template syntax)
with fields from the clinic's appointment export and handed to the hybrid
mail provider's API, which prints and posts them. Letters that fail are
left in ./outbox and go out with the next run (or with --flush-only).
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
from pathlib import Path
from string import Template

import requests

LOG = logging.getLogger("letter_batch")

MAIL_API = os.environ.get("HYBRID_MAIL_API", "https://api.example-hybridmail.net/v2/letters")
OUTBOX = Path("outbox")
SENT = Path("sent")
TEMPLATES = Path("templates")


def render_letters(appointments_csv, template_name):
    tmpl = Template((TEMPLATES / f"{template_name}.txt").read_text())
    OUTBOX.mkdir(exist_ok=True)
    made = 0
    with open(appointments_csv, newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("opt_out_post", "").lower() in {"y", "yes", "1"}:
                continue
            body = tmpl.safe_substitute(row)
            letter = {
                "reference": f"{row['mrn']}-{template_name}-{row.get('date', '')}",
                "recipient": {
                    "name": row["name"], "address": [row.get(f"addr{i}", "") for i in range(1, 5)],
                    "postcode": row["postcode"],
                },
                "body": body, "class": row.get("post_class", "2nd"),
            }
            (OUTBOX / f"{letter['reference']}.json").write_text(json.dumps(letter))
            made += 1
    LOG.info("rendered %d letters", made)
    return made


def flush_outbox(api_key, max_retries=3):
    SENT.mkdir(exist_ok=True)
    http = requests.Session()
    http.headers["Authorization"] = f"Bearer {api_key}"
    sent = failed = 0
    for path in sorted(OUTBOX.glob("*.json")):
        letter = json.loads(path.read_text())
        for attempt in range(1, max_retries + 1):
            try:
                resp = http.post(MAIL_API, json=letter, timeout=30)
                resp.raise_for_status()
                path.rename(SENT / path.name)
                sent += 1
                break
            except requests.RequestException as exc:
                LOG.warning("%s attempt %d: %s", path.name, attempt, exc)
                time.sleep(2 ** attempt)
        else:
            failed += 1
    LOG.info("sent %d letters, %d left in outbox", sent, failed)
    return failed


def prune_sent(days):
    cutoff = time.time() - days * 86400
    removed = 0
    for path in SENT.glob("*.json"):
        if path.stat().st_mtime < cutoff:
            path.unlink()
            removed += 1
    if removed:
        LOG.info("pruned %d sent letters older than %d days", removed, days)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("appointments", nargs="?", help="appointment export CSV")
    ap.add_argument("-t", "--template", default="appointment_reminder")
    ap.add_argument("--flush-only", action="store_true", help="only send what is in the outbox")
    ap.add_argument("--keep-days", type=int, default=90)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("HYBRID_MAIL_KEY")
    if not api_key:
        LOG.error("HYBRID_MAIL_KEY is not set")
        return 2
    if not args.flush_only:
        if not args.appointments:
            ap.error("appointments CSV is required unless --flush-only")
        render_letters(args.appointments, args.template)
    failed = flush_outbox(api_key)
    prune_sent(args.keep_days)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
