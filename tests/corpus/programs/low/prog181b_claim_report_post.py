#!/usr/bin/env python3
"""Submits weekly salvage claim progress reports to the claims portal.

Reads report JSON files from ./reports, validates the required fields and
posts each one to the portal's API using the desk's API key.
"""
import argparse
import json
import logging
import os
import pathlib
import urllib.request
from dataclasses import dataclass, field

LOG = logging.getLogger("claim-report")

PORTAL = os.environ.get("CLAIMS_PORTAL_URL", "https://api.claims-portal.example.com/v3")
REQUIRED = ("claim_id", "vessel", "week", "summary")


@dataclass
class Report:
    path: pathlib.Path
    body: dict = field(default_factory=dict)

    @classmethod
    def load(cls, path):
        return cls(path, json.loads(path.read_text()))

    def missing(self):
        return [k for k in REQUIRED if not self.body.get(k)]


class PortalClient:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self._headers = {
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
            "User-Agent": "halyard-claim-report/1.4",
        }

    def _send(self, method, path, payload=None):
        data = json.dumps(payload).encode() if payload is not None else None
        req = urllib.request.Request(self.base + path, data=data, headers=self._headers, method=method)
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, json.loads(resp.read() or b"{}")

    def submit(self, report: Report):
        return self._send("POST", f"/claims/{report.body['claim_id']}/reports", report.body)

    def ping(self):
        return self._send("GET", "/health")


def validate(reports):
    good = []
    for rep in reports:
        gaps = rep.missing()
        if gaps:
            LOG.warning("%s missing %s", rep.path.name, ", ".join(gaps))
        else:
            good.append(rep)
    return good


def main():
    parser = argparse.ArgumentParser(description="Post claim progress reports")
    parser.add_argument("--dir", type=pathlib.Path, default=pathlib.Path("reports"))
    parser.add_argument("--check", action="store_true", help="validate only")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    reports = validate(Report.load(p) for p in sorted(args.dir.glob("*.json")))
    LOG.info("%d reports ready", len(reports))
    if args.check:
        return

    client = PortalClient(PORTAL, os.environ["CLAIMS_API_KEY"])
    status, _ = client.ping()
    LOG.info("portal health %s", status)
    actions = {True: "submitted", False: "rejected"}
    sent_dir = args.dir / "sent"
    sent_dir.mkdir(exist_ok=True)
    for rep in reports:
        status, answer = client.submit(rep)
        ok = 200 <= status < 300
        LOG.info("%s %s (%s)", rep.path.name, actions[ok], answer.get("reference", "-"))
        if ok:
            rep.path.rename(sent_dir / rep.path.name)


if __name__ == "__main__":
    main()
