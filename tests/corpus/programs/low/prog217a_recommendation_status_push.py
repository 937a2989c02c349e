#!/usr/bin/env python3
"""recommendation_status_push.py - push the status of recommendation
letters (received / pending / overdue) from the portal's local export to
the CRM's recommendations API, and keep a local report of what was sent.

The API key comes from REC_API_KEY and is only sent to the CRM API.
"""
import argparse
import base64
import datetime as dt
import json
import logging
import os
import sys
import tempfile
import urllib.error
import urllib.request

LOG = logging.getLogger("rec-push")
DEFAULT_API = "https://crm.example.com/api/v2/recommendations/status"


class StatusExport:
    def __init__(self, path, overdue_days):
        self.path = path
        self.overdue_days = overdue_days

    def load(self):
        with open(self.path, encoding="utf-8") as fh:
            return json.load(fh)

    def classify(self, letter, today):
        if letter.get("received_at"):
            return "received"
        requested = dt.date.fromisoformat(letter["requested_at"][:10])
        if (today - requested).days > self.overdue_days:
            return "overdue"
        return "pending"

    def records(self):
        today = dt.date.today()
        out = []
        for letter in self.load():
            ref = f"{letter['applicant_id']}:{letter['recommender_email']}"
            out.append({
                "applicant_id": letter["applicant_id"],
                # opaque reference for the CRM, just base64 of the pair
                "reference": base64.urlsafe_b64encode(ref.encode()).decode(),
                "status": self.classify(letter, today),
            })
        return out


def push(api_url, api_key, records, timeout):
    body = json.dumps({"records": records}).encode()
    req = urllib.request.Request(api_url, data=body, method="POST", headers={
        "Content-Type": "application/json",
        "Authorization": f"Bearer {api_key}",
    })
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status, json.loads(resp.read() or b"{}")


def write_report(records, result, path):
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".rec-report-")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump({"sent": len(records), "result": result, "records": records}, fh, indent=2)
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)
    LOG.info("report saved to %s", path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--export", default="exports/recommendations.json")
    ap.add_argument("--api", default=os.environ.get("REC_API_URL", DEFAULT_API))
    ap.add_argument("--overdue-days", type=int, default=21)
    ap.add_argument("--report", default="rec_push_report.json")
    ap.add_argument("--timeout", type=float, default=30)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("REC_API_KEY")
    if not api_key:
        LOG.error("REC_API_KEY is not set")
        return 2
    try:
        records = StatusExport(args.export, args.overdue_days).records()
    except (OSError, ValueError, KeyError) as exc:
        LOG.error("cannot read export: %s", exc)
        return 1
    LOG.info("%d letters to report", len(records))
    try:
        status, result = push(args.api, api_key, records, args.timeout)
    except (urllib.error.URLError, OSError, ValueError) as exc:
        LOG.error("push failed: %s", exc)
        return 1
    LOG.info("CRM answered %s", status)
    write_report(records, result, args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
