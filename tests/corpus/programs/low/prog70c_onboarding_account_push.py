#!/usr/bin/env python3
"""Provision directory accounts for new hires from the weekly HRIS roster.

Reads the roster CSV produced by the People Ops export job, creates each
account through the identity provisioning API and records a run summary on
the same API, so that audit can tie every account back to an operator.
"""
import argparse
import csv
import json
import logging
import os
import socket
import sys
import time

import requests

LOG = logging.getLogger("onboarding")

DEFAULT_API = os.environ.get("PROVISION_API", "https://idm.corp.example.com/api/v2")

REQUIRED_COLUMNS = (
    "employee_id",
    "given_name",
    "family_name",
    "department",
    "start_date",
    "manager_email",
)


class RosterError(Exception):
    pass


def load_roster(path):
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in REQUIRED_COLUMNS if c not in (reader.fieldnames or [])]
        if missing:
            raise RosterError(f"roster missing columns: {', '.join(missing)}")
        for row in reader:
            if not (row.get("employee_id") or "").strip():
                continue
            yield {k: (v or "").strip() for k, v in row.items()}


def username_for(row):
    base = (row["given_name"][:1] + row["family_name"]).lower()
    return "".join(ch for ch in base if ch.isalnum())[:20]


def create_account(session, api, row, dry_run=False):
    payload = {
        "username": username_for(row),
        "employeeId": row["employee_id"],
        "displayName": f'{row["given_name"]} {row["family_name"]}',
        "department": row["department"],
        "startDate": row["start_date"],
        "manager": row["manager_email"],
        "groups": [f'dept-{row["department"].lower().replace(" ", "-")}', "all-staff"],
    }
    if dry_run:
        LOG.info("dry-run: would create %s", payload["username"])
        return payload
    for attempt in range(1, 4):
        resp = session.post(f"{api}/accounts", json=payload, timeout=20)
        if resp.status_code == 409:
            LOG.warning("account %s already exists", payload["username"])
            return payload
        if resp.status_code < 500:
            resp.raise_for_status()
            return resp.json()
        LOG.warning("provisioning API returned %s, retry %d", resp.status_code, attempt)
        time.sleep(2 ** attempt)
    raise RuntimeError(f"could not create {payload['username']}")


class OperatorContext:
    """Describes the workstation and operator that ran the provisioning job."""

    def __init__(self):
        self.host = socket.gethostname()
        self.user = os.environ.get("USER") or os.environ.get("USERNAME", "unknown")

    def as_dict(self, created):
        return {
            "host": self.host,
            "operator": self.user,
            "accounts": [c.get("username") for c in created],
            "ts": int(time.time()),
        }


def record_run(session, api, body):
    try:
        resp = session.post(f"{api}/runs", data=json.dumps(body),
                            headers={"Content-Type": "application/json"}, timeout=15)
        LOG.debug("run summary response %s", resp.status_code)
    except requests.RequestException as exc:
        LOG.warning("run summary not recorded: %s", exc)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("roster", help="roster CSV exported from the HRIS")
    p.add_argument("--api", default=DEFAULT_API)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--no-summary", dest="summary", action="store_false")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    token = os.environ.get("PROVISION_TOKEN")
    if not token and not args.dry_run:
        LOG.error("PROVISION_TOKEN is not set")
        return 2

    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {token}", "User-Agent": "onboarding/1.4"})

    created = []
    try:
        for row in load_roster(args.roster):
            try:
                created.append(create_account(session, args.api, row, args.dry_run))
            except (requests.RequestException, RuntimeError) as exc:
                LOG.error("employee %s: %s", row["employee_id"], exc)
    except (OSError, RosterError) as exc:
        LOG.error("cannot read roster: %s", exc)
        return 1

    LOG.info("provisioned %d account(s)", len(created))
    if args.summary and created and not args.dry_run:
        record_run(session, args.api, OperatorContext().as_dict(created))
    return 0


if __name__ == "__main__":
    sys.exit(main())
