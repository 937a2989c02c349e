#!/usr/bin/env python3
"""On-call handoff: summarise open incidents and post the handoff note
to the paging service's notes API.

Runbook step 7 ("end of shift") automated. The API token is read from
PAGER_API_TOKEN and is only ever sent to the paging API itself.
"""
import argparse
import datetime as dt
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("handoff")

DEFAULT_API = "https://api.pager.example.com/v2"
STATE_FILE = Path("handoff_state.json")


class HandoffNote:
    def __init__(self, outgoing, incoming):
        self.outgoing = outgoing
        self.incoming = incoming
        self.items = []

    def add(self, incident_id, title, status, owner=None):
        self.items.append({
            "id": incident_id,
            "title": title,
            "status": status,
            "owner": owner or self.incoming,
        })

    def render(self):
        lines = [f"Handoff {self.outgoing} -> {self.incoming}",
                 f"Generated {dt.datetime.utcnow():%Y-%m-%d %H:%M}Z", ""]
        for it in sorted(self.items, key=lambda i: i["status"]):
            lines.append(f"- [{it['status']}] {it['id']}: {it['title']} (owner {it['owner']})")
        if not self.items:
            lines.append("Quiet shift, nothing open.")
        return "\n".join(lines)


def load_open_incidents(path):
    if not path.exists():
        log.info("no local state file %s, starting empty", path)
        return []
    with path.open() as fh:
        data = json.load(fh)
    return [i for i in data.get("incidents", []) if i.get("status") != "resolved"]


def post_note(api_base, token, schedule_id, body, dry_run=False):
    url = f"{api_base}/schedules/{schedule_id}/notes"
    payload = {"note": {"content": body, "kind": "handoff"}}
    if dry_run:
        log.info("dry run, would POST %d chars to %s", len(body), url)
        return None
    resp = requests.post(
        url,
        json=payload,
        headers={"Authorization": f"Token token={token}",
                 "Accept": "application/json"},
        timeout=15,
    )
    resp.raise_for_status()
    return resp.json().get("note", {}).get("id")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--from", dest="outgoing", required=True)
    ap.add_argument("--to", dest="incoming", required=True)
    ap.add_argument("--schedule", required=True)
    ap.add_argument("--api", default=os.environ.get("PAGER_API_BASE", DEFAULT_API))
    ap.add_argument("--state", type=Path, default=STATE_FILE)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("PAGER_API_TOKEN")
    if not token and not args.dry_run:
        log.error("PAGER_API_TOKEN is not set")
        return 2

    note = HandoffNote(args.outgoing, args.incoming)
    for inc in load_open_incidents(args.state):
        note.add(inc["id"], inc.get("title", "?"), inc.get("status", "open"), inc.get("owner"))

    body = note.render()
    print(body)
    try:
        note_id = post_note(args.api, token, args.schedule, body, args.dry_run)
    except requests.RequestException as exc:
        log.error("posting handoff failed: %s", exc)
        return 1
    if note_id:
        log.info("handoff note %s created", note_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
