#!/usr/bin/env python3
"""Roster change notifier.

Reads the nightly LMS roster export (CSV), compares it with the previous
snapshot and posts a summary of enrolments, withdrawals and track changes to
the cohort staff Slack channel through an incoming webhook.

Environment:
    SLACK_WEBHOOK_URL   incoming webhook for #cohort-staff (not needed with --dry-run)
"""

import argparse
import csv
import http.client
import json
import logging
import os
import sys
import urllib.parse
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("roster-notify")

REQUIRED_COLUMNS = {"email", "full_name", "track", "status"}
ACTIVE_STATUSES = {"active", "enrolled", "deferred-in"}


def read_roster(path):
    roster = {}
    with open(path, newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        missing = REQUIRED_COLUMNS - set(reader.fieldnames or ())
        if missing:
            raise ValueError("export is missing columns: %s" % ", ".join(sorted(missing)))
        for row in reader:
            if row["status"].strip().lower() not in ACTIVE_STATUSES:
                continue
            email = row["email"].strip().lower()
            roster[email] = {"name": row["full_name"].strip(), "track": row["track"].strip()}
    return roster


def load_snapshot(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)["students"]
    except FileNotFoundError:
        log.info("no previous snapshot at %s, treating everyone as new", path)
        return {}


def save_snapshot(path, roster):
    tmp = Path(str(path) + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump({"taken_at": datetime.now(timezone.utc).isoformat(), "students": roster}, fh, indent=1)
    os.replace(tmp, path)


def diff_rosters(old, new):
    added = sorted(set(new) - set(old))
    dropped = sorted(set(old) - set(new))
    moved = sorted(e for e in set(old) & set(new) if old[e]["track"] != new[e]["track"])
    return {"added": added, "dropped": dropped, "moved": moved}


def build_message(cohort, changes, old, new):
    def names(emails, src):
        return ", ".join(src[e]["name"] for e in emails[:15]) + (" …" if len(emails) > 15 else "")

    lines = ["*Roster update for {}* ({} active)".format(cohort, len(new))]
    if changes["added"]:
        lines.append(":inbox_tray: {} joined: {}".format(len(changes["added"]), names(changes["added"], new)))
    if changes["dropped"]:
        lines.append(":outbox_tray: {} left: {}".format(len(changes["dropped"]), names(changes["dropped"], old)))
    for email in changes["moved"][:15]:
        lines.append(":twisted_rightwards_arrows: {} moved {} → {}".format(
            new[email]["name"], old[email]["track"], new[email]["track"]))
    return {"text": "\n".join(lines),
            "blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": "\n".join(lines)}}]}


def post_json(url, payload, timeout=10):
    parts = urllib.parse.urlsplit(url)
    conn_cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    conn = conn_cls(parts.netloc, timeout=timeout)
    target = parts.path + ("?" + parts.query if parts.query else "")
    try:
        conn.request("POST", target, body=json.dumps(payload).encode("utf-8"),
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        body = resp.read().decode("utf-8", "replace")
        if resp.status >= 300:
            raise RuntimeError("HTTP %d from %s: %s" % (resp.status, parts.netloc, body[:200]))
        return body
    finally:
        conn.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description="post LMS roster changes to Slack")
    ap.add_argument("export", type=Path, help="roster CSV exported from the LMS")
    ap.add_argument("--cohort", required=True)
    ap.add_argument("--snapshot", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    snapshot = args.snapshot or Path(".roster_snapshot_%s.json" % args.cohort)
    try:
        new = read_roster(args.export)
    except (OSError, ValueError) as exc:
        log.error("cannot read export: %s", exc)
        return 2
    old = load_snapshot(snapshot)
    changes = diff_rosters(old, new)
    if not any(changes.values()):
        log.info("no roster changes for %s", args.cohort)
        return 0

    message = build_message(args.cohort, changes, old, new)
    if args.dry_run:
        print(message["text"])
    else:
        webhook = os.environ.get("SLACK_WEBHOOK_URL")
        if not webhook:
            log.error("SLACK_WEBHOOK_URL is not set")
            return 2
        try:
            post_json(webhook, message)
        except (OSError, RuntimeError) as exc:
            log.error("slack post failed, snapshot left unchanged: %s", exc)
            return 1
    save_snapshot(snapshot, new)
    log.info("+%d -%d ~%d for %s", len(changes["added"]), len(changes["dropped"]),
             len(changes["moved"]), args.cohort)
    return 0


if __name__ == "__main__":
    sys.exit(main())
