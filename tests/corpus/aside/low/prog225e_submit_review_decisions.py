#!/usr/bin/env python3
"""Submit manual-review decisions for seller applications.

Reviewers on the onboarding rota record their decisions in a CSV during a
shift (seller_id, decision, reason_code, note). At the end of the shift this
tool validates the file and posts the decisions to the onboarding API, which
moves each application to approved, declined or more-info-requested.

The API key comes from ONBOARDING_API_KEY and is sent only to the
onboarding API.

Usage:
    submit_review_decisions.py decisions.csv [--reviewer alice] [--dry-run]
"""

import argparse
import csv
import json
import logging
import os
import sys
import time

import requests

LOG = logging.getLogger("review-submit")
ONBOARDING_API = "https://onboarding-api.example.com/v1/applications/decisions"
VALID_DECISIONS = {"approve", "decline", "request_info"}
VALID_REASONS = {"ok", "doc_mismatch", "sanctions_hit", "bank_mismatch", "duplicate", "other"}
BATCH = 50


class DecisionFile:
    def __init__(self, path):
        self.path = path
        self.valid = []
        self.errors = []

    def load(self):
        with open(self.path, newline="", encoding="utf-8") as fh:
            for lineno, row in enumerate(csv.DictReader(fh), start=2):
                problem = self._check(row)
                if problem:
                    self.errors.append(f"line {lineno}: {problem}")
                else:
                    self.valid.append({
                        "seller_id": row["seller_id"].strip(),
                        "decision": row["decision"].strip(),
                        "reason_code": row["reason_code"].strip(),
                        "note": (row.get("note") or "").strip()[:500],
                    })

    @staticmethod
    def _check(row):
        if not (row.get("seller_id") or "").strip():
            return "missing seller_id"
        if (row.get("decision") or "").strip() not in VALID_DECISIONS:
            return f"bad decision {row.get('decision')!r}"
        if (row.get("reason_code") or "").strip() not in VALID_REASONS:
            return f"bad reason_code {row.get('reason_code')!r}"
        if row["decision"].strip() == "decline" and row["reason_code"].strip() == "ok":
            return "decline needs a reason other than ok"
        return None


def post_batches(decisions, reviewer, api_key):
    headers = {"Authorization": f"Bearer {api_key}", "Content-Type": "application/json"}
    accepted = 0
    for start in range(0, len(decisions), BATCH):
        chunk = decisions[start:start + BATCH]
        body = {"reviewer": reviewer, "submitted_at": int(time.time()), "decisions": chunk}
        resp = requests.post(ONBOARDING_API, headers=headers, data=json.dumps(body), timeout=30)
        if resp.status_code >= 400:
            LOG.error("batch at %d rejected: %s %s", start, resp.status_code, resp.text[:200])
            continue
        accepted += resp.json().get("accepted", len(chunk))
    return accepted


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("decisions")
    ap.add_argument("--reviewer", default=os.environ.get("USER", "unknown"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    df = DecisionFile(args.decisions)
    try:
        df.load()
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read %s: %s", args.decisions, exc)
        return 2

    for err in df.errors:
        LOG.warning("%s", err)
    LOG.info("%d valid decisions, %d rejected rows", len(df.valid), len(df.errors))
    if args.dry_run or not df.valid:
        return 0 if not df.errors else 1

    api_key = os.environ.get("ONBOARDING_API_KEY")
    if not api_key:
        LOG.error("ONBOARDING_API_KEY is not set")
        return 2
    try:
        accepted = post_batches(df.valid, args.reviewer, api_key)
    except requests.RequestException as exc:
        LOG.error("onboarding API unreachable: %s", exc)
        return 1
    LOG.info("onboarding API accepted %d of %d decisions", accepted, len(df.valid))
    return 0 if accepted == len(df.valid) else 1


if __name__ == "__main__":
    sys.exit(main())
