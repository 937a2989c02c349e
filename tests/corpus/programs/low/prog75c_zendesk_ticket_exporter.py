#!/usr/bin/env python3
"""Export every ticket in a Zendesk view to CSV and JSONL.

Usage:
    zendesk_ticket_exporter.py --view 360001234567 --out exports/ [--tag exported]

Credentials come from ZENDESK_SUBDOMAIN, ZENDESK_EMAIL and ZENDESK_API_TOKEN.
Each run appends a summary line to export_runs.jsonl in the working directory,
and can optionally tag the exported tickets in Zendesk so agents see that
they were picked up.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("zd-ticket-export")

RUN_LOG = Path("export_runs.jsonl")
BULK_LIMIT = 100  # update_many accepts at most 100 ids per call

FIELDS = [
    "id", "subject", "status", "priority", "type", "requester_id",
    "assignee_id", "group_id", "created_at", "updated_at", "tags",
]


class ZendeskClient:
    def __init__(self, subdomain, email, token, timeout=30):
        self.base = f"https://{subdomain}.zendesk.com/api/v2"
        self.session = requests.Session()
        self.session.auth = (f"{email}/token", token)
        self.session.headers["Accept"] = "application/json"
        self.timeout = timeout

    def _request(self, method, url, **kwargs):
        for attempt in range(1, 6):
            resp = self.session.request(method, url, timeout=self.timeout, **kwargs)
            if resp.status_code == 429:
                wait = int(resp.headers.get("Retry-After", "10"))
                log.warning("rate limited (attempt %d), sleeping %ss", attempt, wait)
                time.sleep(wait)
                continue
            resp.raise_for_status()
            return resp.json()
        raise RuntimeError(f"giving up on {url} after repeated 429s")

    def view_tickets(self, view_id, page_size=100):
        url = f"{self.base}/views/{view_id}/tickets.json"
        params = {"page[size]": page_size}
        while url:
            data = self._request("GET", url, params=params)
            params = None  # cursor links already carry the query
            yield from data.get("tickets", [])
            meta = data.get("meta", {})
            url = data.get("links", {}).get("next") if meta.get("has_more") else None

    def add_tag(self, ticket_ids, tag):
        url = f"{self.base}/tickets/update_many.json"
        for i in range(0, len(ticket_ids), BULK_LIMIT):
            chunk = ticket_ids[i:i + BULK_LIMIT]
            payload = {"ticket": {"additional_tags": [tag]}}
            job = self._request("PUT", url, params={"ids": ",".join(map(str, chunk))},
                                json=payload)
            log.info("tag job %s queued for %d tickets",
                     job.get("job_status", {}).get("id"), len(chunk))


def flatten(ticket):
    row = {k: ticket.get(k) for k in FIELDS}
    row["tags"] = ";".join(ticket.get("tags") or [])
    return row


def write_outputs(tickets, out_dir, view_id):
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    csv_path = out_dir / f"view_{view_id}_{stamp}.csv"
    jsonl_path = out_dir / f"view_{view_id}_{stamp}.jsonl"
    ids = []
    with csv_path.open("w", newline="", encoding="utf-8") as fh_csv, \
            jsonl_path.open("w", encoding="utf-8") as fh_jsonl:
        writer = csv.DictWriter(fh_csv, fieldnames=FIELDS)
        writer.writeheader()
        for ticket in tickets:
            writer.writerow(flatten(ticket))
            fh_jsonl.write(json.dumps(ticket, ensure_ascii=False) + "\n")
            ids.append(ticket["id"])
    return ids, csv_path, jsonl_path


def record_run(stats):
    with RUN_LOG.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(stats) + "\n")


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--view", required=True, help="Zendesk view id")
    p.add_argument("--out", default="exports", type=Path)
    p.add_argument("--page-size", type=int, default=100)
    p.add_argument("--tag", help="tag to add to every exported ticket")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        client = ZendeskClient(os.environ["ZENDESK_SUBDOMAIN"],
                               os.environ["ZENDESK_EMAIL"],
                               os.environ["ZENDESK_API_TOKEN"])
    except KeyError as missing:
        log.error("missing environment variable %s", missing)
        return 2

    started = time.monotonic()
    try:
        ids, csv_path, jsonl_path = write_outputs(
            client.view_tickets(args.view, args.page_size), args.out, args.view)
        if args.tag and ids:
            client.add_tag(ids, args.tag)
    except requests.RequestException as exc:
        log.error("export failed: %s", exc)
        return 1

    stats = {"view": args.view, "tickets": len(ids),
             "seconds": round(time.monotonic() - started, 2),
             "finished": datetime.now(timezone.utc).isoformat(),
             "files": [str(csv_path), str(jsonl_path)]}
    record_run(stats)
    log.info("exported %d tickets to %s", len(ids), csv_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
