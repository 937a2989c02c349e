#!/usr/bin/env python3
"""Push rows from a local tasks.csv into the Todoist inbox.

CSV columns: content, due (natural language, optional), priority (1-4), labels
(semicolon separated). Rows already pushed are remembered in .pushed.json so
the script can be run repeatedly from a notes workflow.

Requires TODOIST_API_TOKEN in the environment.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
import uuid
from pathlib import Path

import requests

API = "https://api.todoist.com/rest/v2"
STATE = Path(".pushed.json")
log = logging.getLogger("todo-push")


class TodoistClient:
    def __init__(self, token: str, timeout: float = 15.0):
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {token}"})
        self.timeout = timeout

    def project_id(self, name: str):
        resp = self.session.get(f"{API}/projects", timeout=self.timeout)
        resp.raise_for_status()
        for proj in resp.json():
            if proj["name"].lower() == name.lower():
                return proj["id"]
        return None

    def add_task(self, payload: dict) -> dict:
        headers = {"X-Request-Id": str(uuid.uuid4())}
        resp = self.session.post(f"{API}/tasks", json=payload, headers=headers,
                                 timeout=self.timeout)
        if resp.status_code == 429:
            time.sleep(int(resp.headers.get("Retry-After", "5")))
            resp = self.session.post(f"{API}/tasks", json=payload, headers=headers,
                                     timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def load_rows(path: Path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("content", "").strip():
                yield row


def to_payload(row: dict, project_id):
    payload = {"content": row["content"].strip()}
    if row.get("due"):
        payload["due_string"] = row["due"].strip()
    if row.get("priority", "").isdigit():
        payload["priority"] = max(1, min(4, int(row["priority"])))
    if row.get("labels"):
        payload["labels"] = [l.strip() for l in row["labels"].split(";") if l.strip()]
    if project_id:
        payload["project_id"] = project_id
    return payload


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csvfile", nargs="?", default="tasks.csv")
    ap.add_argument("--project", help="project name instead of Inbox")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.environ.get("TODOIST_API_TOKEN")
    if not token:
        sys.exit("TODOIST_API_TOKEN is not set")
    done = set(json.loads(STATE.read_text())) if STATE.exists() else set()
    client = TodoistClient(token)
    pid = client.project_id(args.project) if args.project else None

    pushed = 0
    for row in load_rows(Path(args.csvfile)):
        key = row["content"].strip().lower()
        if key in done:
            continue
        payload = to_payload(row, pid)
        if args.dry_run:
            print(json.dumps(payload))
            continue
        try:
            task = client.add_task(payload)
        except requests.RequestException as exc:
            log.error("failed on %r: %s", key, exc)
            continue
        log.info("added %s -> %s", task["id"], task.get("url"))
        done.add(key)
        pushed += 1
    STATE.write_text(json.dumps(sorted(done), indent=1))
    print(f"{pushed} task(s) pushed")


if __name__ == "__main__":
    main()
