#!/usr/bin/env python3
"""Synchronise a CSV roster of employees into an identity provider via SCIM 2.0.

The roster lives in the working directory (exported nightly by HR).  Each row
becomes a SCIM User; rows marked inactive are deactivated.  The bearer token is
read from SCIM_TOKEN and is only ever sent to the configured SCIM base URL.
"""
import argparse
import csv
import json
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import requests

LOG = logging.getLogger("scim-sync")
SCIM_USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User"
SCIM_PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp"


@dataclass
class RosterEntry:
    user_name: str
    given_name: str
    family_name: str
    email: str
    department: str
    active: bool = True
    groups: list = field(default_factory=list)

    def to_scim(self) -> dict:
        return {
            "schemas": [SCIM_USER_SCHEMA],
            "userName": self.user_name,
            "name": {"givenName": self.given_name, "familyName": self.family_name},
            "emails": [{"value": self.email, "primary": True, "type": "work"}],
            "active": self.active,
            "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User": {
                "department": self.department,
            },
        }


class ScimClient:
    def __init__(self, base_url: str, token: str, timeout: float = 15.0):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/scim+json",
            "Accept": "application/scim+json",
        })

    def find_user(self, user_name: str):
        params = {"filter": f'userName eq "{user_name}"'}
        resp = self.session.get(f"{self.base_url}/Users", params=params, timeout=self.timeout)
        resp.raise_for_status()
        resources = resp.json().get("Resources", [])
        return resources[0] if resources else None

    def create_user(self, payload: dict) -> dict:
        resp = self.session.post(f"{self.base_url}/Users", data=json.dumps(payload), timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def set_active(self, user_id: str, active: bool) -> None:
        body = {
            "schemas": [SCIM_PATCH_SCHEMA],
            "Operations": [{"op": "replace", "path": "active", "value": active}],
        }
        resp = self.session.patch(f"{self.base_url}/Users/{user_id}", json=body, timeout=self.timeout)
        resp.raise_for_status()


def load_roster(path: Path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield RosterEntry(
                user_name=row["login"].strip().lower(),
                given_name=row["first_name"].strip(),
                family_name=row["last_name"].strip(),
                email=row["email"].strip(),
                department=row.get("department", "").strip(),
                active=row.get("status", "active").strip().lower() == "active",
            )


def sync(client: ScimClient, entries, dry_run: bool) -> dict:
    stats = {"created": 0, "deactivated": 0, "reactivated": 0, "unchanged": 0, "errors": 0}
    for entry in entries:
        try:
            existing = client.find_user(entry.user_name)
            if existing is None:
                if entry.active:
                    LOG.info("create %s", entry.user_name)
                    if not dry_run:
                        client.create_user(entry.to_scim())
                    stats["created"] += 1
                continue
            if existing.get("active") != entry.active:
                key = "reactivated" if entry.active else "deactivated"
                LOG.info("%s %s", key, entry.user_name)
                if not dry_run:
                    client.set_active(existing["id"], entry.active)
                stats[key] += 1
            else:
                stats["unchanged"] += 1
        except requests.RequestException as exc:
            LOG.error("failed for %s: %s", entry.user_name, exc)
            stats["errors"] += 1
    return stats


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roster", type=Path, help="CSV export in the working directory")
    parser.add_argument("--base-url", default=os.environ.get("SCIM_BASE_URL", "https://idp.example.com/scim/v2"))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--report", type=Path, default=Path("scim_sync_report.json"))
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("SCIM_TOKEN")
    if not token:
        LOG.error("SCIM_TOKEN is not set")
        return 2
    if not args.roster.is_file():
        LOG.error("roster %s not found", args.roster)
        return 2

    client = ScimClient(args.base_url, token)
    stats = sync(client, load_roster(args.roster), args.dry_run)
    args.report.write_text(json.dumps(stats, indent=2) + "\n", encoding="utf-8")
    LOG.info("done: %s", stats)
    return 1 if stats["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
