#!/usr/bin/env python3
"""Download PDF invoices from Gmail into ./invoices/<yyyy-mm>/.

Based on the (older) Gmail API quickstart: the authorised user credentials
are cached in token.pickle next to credentials.json.
"""
import argparse
import base64
import logging
import os
import pickle
import re
import sys
from datetime import datetime, timezone

from google.auth.transport.requests import Request
from google_auth_oauthlib.flow import InstalledAppFlow
from googleapiclient.discovery import build
from googleapiclient.errors import HttpError

SCOPES = ["https://www.googleapis.com/auth/gmail.readonly"]
TOKEN_CACHE = "token.pickle"
DEFAULT_QUERY = 'has:attachment filename:pdf (invoice OR rechnung OR receipt) newer_than:60d'

log = logging.getLogger("invoice-fetcher")


def authorise():
    creds = None
    if os.path.exists(TOKEN_CACHE):
        with open(TOKEN_CACHE, "rb") as token:
            creds = pickle.load(token)
    if not creds or not creds.valid:
        if creds and creds.expired and creds.refresh_token:
            creds.refresh(Request())
        else:
            flow = InstalledAppFlow.from_client_secrets_file("credentials.json", SCOPES)
            creds = flow.run_local_server(port=0)
        with open(TOKEN_CACHE, "wb") as token:
            pickle.dump(creds, token)
    return creds


def safe_name(name):
    name = re.sub(r"[^\w.\- ]+", "_", name).strip()
    return name or "attachment.pdf"


def iter_parts(payload):
    stack = [payload]
    while stack:
        part = stack.pop()
        stack.extend(part.get("parts", []) or [])
        if part.get("filename"):
            yield part


class InvoiceFetcher:
    def __init__(self, service, outdir, dry_run=False):
        self.svc = service.users()
        self.outdir = outdir
        self.dry_run = dry_run
        self.saved = 0

    def message_ids(self, query):
        token = None
        while True:
            resp = self.svc.messages().list(userId="me", q=query, pageToken=token).execute()
            for m in resp.get("messages", []):
                yield m["id"]
            token = resp.get("nextPageToken")
            if not token:
                break

    def handle(self, mid):
        msg = self.svc.messages().get(userId="me", id=mid).execute()
        when = datetime.fromtimestamp(int(msg["internalDate"]) / 1000, tz=timezone.utc)
        folder = os.path.join(self.outdir, when.strftime("%Y-%m"))
        for part in iter_parts(msg["payload"]):
            if not part["filename"].lower().endswith(".pdf"):
                continue
            target = os.path.join(folder, safe_name(part["filename"]))
            if os.path.exists(target):
                log.debug("already have %s", target)
                continue
            body = part.get("body", {})
            if "data" in body:
                data = body["data"]
            else:
                att = self.svc.messages().attachments().get(
                    userId="me", messageId=mid, id=body["attachmentId"]).execute()
                data = att["data"]
            log.info("saving %s", target)
            if self.dry_run:
                continue
            os.makedirs(folder, exist_ok=True)
            with open(target, "wb") as fh:
                fh.write(base64.urlsafe_b64decode(data.encode("ascii")))
            self.saved += 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-q", "--query", default=DEFAULT_QUERY)
    ap.add_argument("-o", "--outdir", default="invoices")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        service = build("gmail", "v1", credentials=authorise(), cache_discovery=False)
        fetcher = InvoiceFetcher(service, args.outdir, args.dry_run)
        for mid in fetcher.message_ids(args.query):
            try:
                fetcher.handle(mid)
            except (KeyError, ValueError) as exc:
                log.warning("skipping %s: %s", mid, exc)
    except HttpError as exc:
        log.error("Gmail API: %s", exc)
        return 1
    log.info("%d new invoice(s) saved under %s", fetcher.saved, args.outdir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
