#!/usr/bin/env python3
"""Prepare stand-up notes from Jira and optionally nudge stale tickets.

Reads JIRA_BASE_URL, JIRA_EMAIL and JIRA_API_TOKEN from the environment.
The token is only sent to the configured Jira Cloud site.
"""
import argparse
import logging
import os
import sys
from datetime import datetime, timedelta, timezone

import requests

log = logging.getLogger("standup")

STALE_COMMENT = (
    "Automated stand-up check: no update in {days} days. "
    "Is this still in progress? (posted by standup-notes)"
)


class JiraClient:
    def __init__(self, base_url, email, token, timeout=20):
        self.base = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.auth = (email, token)
        self.session.headers.update({"Accept": "application/json"})
        self.timeout = timeout

    def search(self, jql, fields, limit=100):
        start = 0
        while True:
            resp = self.session.post(
                f"{self.base}/rest/api/3/search",
                json={"jql": jql, "fields": fields, "startAt": start, "maxResults": 50},
                timeout=self.timeout,
            )
            resp.raise_for_status()
            data = resp.json()
            for issue in data.get("issues", []):
                yield issue
            start += len(data.get("issues", []))
            if start >= min(data.get("total", 0), limit):
                break

    def comment(self, key, text):
        body = {"body": {"type": "doc", "version": 1, "content": [
            {"type": "paragraph", "content": [{"type": "text", "text": text}]}]}}
        resp = self.session.post(f"{self.base}/rest/api/3/issue/{key}/comment",
                                 json=body, timeout=self.timeout)
        resp.raise_for_status()


def parse_ts(value):
    # Jira returns e.g. 2024-03-01T10:22:33.000+0100
    return datetime.strptime(value, "%Y-%m-%dT%H:%M:%S.%f%z")


def build_notes(issues, stale_after):
    now = datetime.now(timezone.utc)
    sections = {"Done yesterday": [], "In progress": [], "Blocked": []}
    stale = []
    for issue in issues:
        f = issue["fields"]
        status = f["status"]["name"]
        updated = parse_ts(f["updated"])
        line = f"- {issue['key']}: {f['summary']}"
        if status.lower() == "done" and now - updated < timedelta(days=1):
            sections["Done yesterday"].append(line)
        elif status.lower() in ("blocked", "on hold"):
            sections["Blocked"].append(line)
        elif status.lower() != "done":
            sections["In progress"].append(line)
            if now - updated > timedelta(days=stale_after):
                stale.append((issue["key"], (now - updated).days))
    out = []
    for title, lines in sections.items():
        out.append(f"### {title}")
        out.extend(lines or ["- (nothing)"])
        out.append("")
    return "\n".join(out), stale


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--project", required=True)
    ap.add_argument("--stale-days", type=int, default=5)
    ap.add_argument("--nudge", action="store_true", help="comment on stale issues")
    ap.add_argument("-o", "--output", default="standup.md")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        client = JiraClient(os.environ["JIRA_BASE_URL"], os.environ["JIRA_EMAIL"],
                            os.environ["JIRA_API_TOKEN"])
    except KeyError as missing:
        log.error("environment variable %s is not set", missing)
        return 2

    jql = (f'project = "{args.project}" AND assignee = currentUser() '
           f'AND updated >= -14d ORDER BY updated DESC')
    try:
        issues = list(client.search(jql, ["summary", "status", "updated"]))
        notes, stale = build_notes(issues, args.stale_days)
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(notes)
        log.info("wrote %s from %d issue(s)", args.output, len(issues))
        if args.nudge:
            for key, days in stale:
                client.comment(key, STALE_COMMENT.format(days=days))
                log.info("nudged %s (%d days)", key, days)
    except requests.HTTPError as exc:
        log.error("Jira request failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
