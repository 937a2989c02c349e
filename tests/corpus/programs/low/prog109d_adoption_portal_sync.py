#!/usr/bin/env python3
"""Sync adoption applications from the shelter portal into the donor/adopter CRM.

Pulls applications changed since the last successful run, maps them onto
CRM contact records and pushes them in batches. A short run summary is kept
in the working directory so the volunteer coordinator can see what moved.
"""
import argparse
import configparser
import json
import logging
import os
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import requests

LOG = logging.getLogger("adoption_portal_sync")
STATE_FILE = Path(".adoption_sync_state.json")
SUMMARY_FILE = Path("adoption_sync_runs.jsonl")
DEFAULT_CONFIG = Path("adoption_sync.ini")


class SyncError(Exception):
    pass


def load_config(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise SyncError(f"config file {path} not found")
    return {
        "portal_url": cfg.get("portal", "url"),
        "crm_url": cfg.get("crm", "url"),
        "batch_size": cfg.getint("crm", "batch_size", fallback=50),
    }


def read_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {"since": "1970-01-01T00:00:00Z"}


def write_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


def fetch_applications(portal_url, since):
    resp = requests.get(
        f"{portal_url}/api/applications",
        params={"updated_since": since, "status": "approved"},
        timeout=30,
    )
    resp.raise_for_status()
    return resp.json().get("results", [])


def to_crm_contact(app):
    return {
        "external_id": f"adopt-{app['id']}",
        "first_name": app.get("applicant_first_name", "").strip(),
        "last_name": app.get("applicant_last_name", "").strip(),
        "email": app.get("email", "").lower(),
        "phone": app.get("phone"),
        "tags": ["adopter", app.get("species", "unknown")],
        "custom": {"animal_ref": app.get("animal_ref"), "approved_on": app.get("approved_at")},
    }


def push_batch(crm_url, api_key, batch, retries=3):
    for attempt in range(1, retries + 1):
        try:
            resp = requests.post(
                f"{crm_url}/v2/contacts/bulk_upsert",
                json={"contacts": batch},
                headers={"Authorization": f"Bearer {api_key}"},
                timeout=30,
            )
            if resp.status_code < 500:
                resp.raise_for_status()
                return resp.json().get("upserted", len(batch))
            LOG.warning("CRM returned %s, attempt %d/%d", resp.status_code, attempt, retries)
        except requests.ConnectionError as exc:
            LOG.warning("connection problem: %s", exc)
        time.sleep(2 ** attempt)
    raise SyncError("CRM unavailable after retries")


def record_summary(summary):
    summary = dict(summary, finished_at=datetime.now(timezone.utc).isoformat())
    with SUMMARY_FILE.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(summary) + "\n")


def run(args):
    cfg = load_config(args.config)
    api_key = os.environ.get("CRM_API_KEY")
    if not api_key:
        raise SyncError("CRM_API_KEY is not set")

    state = read_state()
    apps = fetch_applications(cfg["portal_url"], state["since"])
    LOG.info("fetched %d approved applications since %s", len(apps), state["since"])

    contacts = [to_crm_contact(a) for a in apps if a.get("email")]
    total = 0
    for i in range(0, len(contacts), cfg["batch_size"]):
        batch = contacts[i:i + cfg["batch_size"]]
        if args.dry_run:
            LOG.info("dry run: would push %d contacts", len(batch))
            continue
        total += push_batch(cfg["crm_url"], api_key, batch)

    summary = {"fetched": len(apps), "upserted": total, "dry_run": args.dry_run}
    if not args.dry_run and apps:
        state["since"] = max(a["updated_at"] for a in apps)
        write_state(state)
    if args.keep_summary:
        record_summary(summary)
    return summary


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-c", "--config", default=DEFAULT_CONFIG)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--keep-summary", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        summary = run(args)
    except (SyncError, requests.RequestException) as exc:
        LOG.error("sync failed: %s", exc)
        return 1
    LOG.info("done: %s", summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
