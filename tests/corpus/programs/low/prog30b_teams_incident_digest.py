#!/usr/bin/env python3
"""Weekly incident digest for a Microsoft Teams channel.

Aggregates incidents.csv (exported from the on-call tool into the working
directory), renders an Adaptive Card and posts it to the Teams incoming
webhook in TEAMS_WEBHOOK_URL.  A small state file keyed by an MD5 of the
CSV prevents the same digest being posted twice.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import statistics
from collections import Counter
from datetime import datetime
from pathlib import Path

import requests

logger = logging.getLogger("teams-digest")
STATE_FILE = Path(".teams_digest_state.json")


def read_incidents(path):
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                opened = datetime.fromisoformat(row["opened_at"])
                resolved = datetime.fromisoformat(row["resolved_at"]) if row.get("resolved_at") else None
            except (KeyError, ValueError):
                logger.warning("skipping malformed row: %r", row)
                continue
            rows.append({
                "service": row.get("service", "unknown"),
                "severity": row.get("severity", "P4"),
                "opened": opened,
                "resolved": resolved,
            })
    return rows


def summarise(incidents):
    by_sev = Counter(i["severity"] for i in incidents)
    by_service = Counter(i["service"] for i in incidents)
    ttr = [(i["resolved"] - i["opened"]).total_seconds() / 60
           for i in incidents if i["resolved"]]
    return {
        "count": len(incidents),
        "open": sum(1 for i in incidents if not i["resolved"]),
        "by_severity": dict(sorted(by_sev.items())),
        "top_services": by_service.most_common(5),
        "median_ttr_min": round(statistics.median(ttr), 1) if ttr else None,
    }


def adaptive_card(stats, title):
    facts = [
        {"title": "Incidents", "value": str(stats["count"])},
        {"title": "Still open", "value": str(stats["open"])},
        {"title": "Median TTR", "value": f'{stats["median_ttr_min"]} min' if stats["median_ttr_min"] else "n/a"},
    ]
    facts += [{"title": sev, "value": str(n)} for sev, n in stats["by_severity"].items()]
    services = "\n".join(f"- {svc}: {n}" for svc, n in stats["top_services"]) or "- none"
    return {
        "type": "message",
        "attachments": [{
            "contentType": "application/vnd.microsoft.card.adaptive",
            "content": {
                "$schema": "http://adaptivecards.io/schemas/adaptive-card.json",
                "type": "AdaptiveCard",
                "version": "1.4",
                "body": [
                    {"type": "TextBlock", "size": "Large", "weight": "Bolder", "text": title},
                    {"type": "FactSet", "facts": facts},
                    {"type": "TextBlock", "text": "Top services", "weight": "Bolder"},
                    {"type": "TextBlock", "text": services, "wrap": True},
                ],
            },
        }],
    }


def already_posted(digest_key):
    if not STATE_FILE.exists():
        return False
    try:
        return json.loads(STATE_FILE.read_text()).get("last_key") == digest_key
    except ValueError:
        return False


def remember(digest_key):
    STATE_FILE.write_text(json.dumps({"last_key": digest_key,
                                      "posted_at": datetime.now().isoformat()}))
    os.chmod(STATE_FILE, 0o600)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("csv_file", nargs="?", default="incidents.csv")
    parser.add_argument("--title", default="Weekly incident digest")
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    raw = Path(args.csv_file).read_bytes()
    digest_key = hashlib.md5(raw).hexdigest()
    if already_posted(digest_key) and not args.force:
        logger.info("digest for this export already posted (%s)", digest_key[:8])
        return

    stats = summarise(read_incidents(args.csv_file))
    webhook = os.environ["TEAMS_WEBHOOK_URL"]
    resp = requests.post(webhook, json=adaptive_card(stats, args.title), timeout=20)
    if resp.status_code >= 300:
        logger.error("Teams rejected card: %s %s", resp.status_code, resp.text[:200])
        raise SystemExit(1)
    remember(digest_key)
    logger.info("posted digest covering %d incidents", stats["count"])


if __name__ == "__main__":
    main()
