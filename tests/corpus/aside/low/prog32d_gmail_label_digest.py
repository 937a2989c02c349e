#!/usr/bin/env python3
"""Write a Markdown digest of unread Gmail messages, grouped by label.

Uses the standard Google quickstart layout: credentials.json (OAuth client)
and token.json (this tool's own cached user token) in the working directory.
The digest is written locally; nothing is sent anywhere except Gmail.
"""
import argparse
import datetime as dt
import logging
import os
import sys
from collections import defaultdict
from pathlib import Path

from google.auth.transport.requests import Request
from google.oauth2.credentials import Credentials
from google_auth_oauthlib.flow import InstalledAppFlow
from googleapiclient.discovery import build
from googleapiclient.errors import HttpError

SCOPES = ["https://www.googleapis.com/auth/gmail.readonly"]
TOKEN = Path("token.json")
CLIENT_SECRETS = Path("credentials.json")

log = logging.getLogger("gmail-digest")


def get_credentials():
    creds = None
    if TOKEN.exists():
        creds = Credentials.from_authorized_user_file(str(TOKEN), SCOPES)
    if creds and creds.valid:
        return creds
    if creds and creds.expired and creds.refresh_token:
        log.info("refreshing access token")
        creds.refresh(Request())
    else:
        if not CLIENT_SECRETS.exists():
            raise SystemExit("credentials.json not found; download it from the Cloud console")
        flow = InstalledAppFlow.from_client_secrets_file(str(CLIENT_SECRETS), SCOPES)
        creds = flow.run_local_server(host="localhost", port=0, open_browser=True)
    TOKEN.write_text(creds.to_json())
    os.chmod(TOKEN, 0o600)
    return creds


class Digest:
    def __init__(self, service, max_results):
        self.service = service
        self.max_results = max_results
        self.label_names = {}

    def load_labels(self):
        resp = self.service.users().labels().list(userId="me").execute()
        self.label_names = {lab["id"]: lab["name"] for lab in resp.get("labels", [])}

    def unread(self):
        req = self.service.users().messages().list(
            userId="me", q="is:unread newer_than:2d", maxResults=self.max_results)
        while req is not None:
            resp = req.execute()
            for item in resp.get("messages", []):
                yield item["id"]
            req = self.service.users().messages().list_next(req, resp)

    def summarise(self):
        groups = defaultdict(list)
        for mid in self.unread():
            msg = self.service.users().messages().get(
                userId="me", id=mid, format="metadata",
                metadataHeaders=["From", "Subject"]).execute()
            headers = {h["name"]: h["value"] for h in msg["payload"].get("headers", [])}
            labels = [self.label_names.get(l, l) for l in msg.get("labelIds", [])
                      if not l.startswith("CATEGORY_") and l not in ("UNREAD", "INBOX")]
            entry = (headers.get("From", "?"), headers.get("Subject", "(no subject)"),
                     msg.get("snippet", ""))
            for label in labels or ["Inbox"]:
                groups[label].append(entry)
        return groups


def render(groups):
    today = dt.date.today().isoformat()
    lines = [f"# Unread mail digest — {today}", ""]
    for label in sorted(groups):
        lines.append(f"## {label} ({len(groups[label])})")
        for sender, subject, snippet in groups[label]:
            lines.append(f"- **{subject}** — {sender}")
            if snippet:
                lines.append(f"  > {snippet[:140]}")
        lines.append("")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description="Gmail unread digest")
    ap.add_argument("-n", "--max", type=int, default=100)
    ap.add_argument("-o", "--output", default="digest.md")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        service = build("gmail", "v1", credentials=get_credentials(), cache_discovery=False)
        digest = Digest(service, args.max)
        digest.load_labels()
        groups = digest.summarise()
    except HttpError as err:
        log.error("Gmail API error: %s", err)
        return 1

    out = Path(args.output)
    out.write_text(render(groups), encoding="utf-8")
    log.info("wrote %s (%d labels)", out, len(groups))
    return 0


if __name__ == "__main__":
    sys.exit(main())
