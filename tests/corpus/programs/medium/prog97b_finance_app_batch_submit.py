#!/usr/bin/env python3
"""Submit queued retail finance applications to the lender routing portal.

The F&I desk saves each completed credit application as JSON in ./outbox.
This script validates them, submits each to the routing portal, records the
decision reference, and moves the file to ./sent or ./failed.
"""
import argparse
import json
import logging
import os
import re
import shutil
import sys
import time
from dataclasses import dataclass, asdict
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("finsubmit")

PORTAL_URL = os.environ.get("LENDER_PORTAL_URL", "https://uat.lenderroute-portal.com/api/v3/applications")
SSN_RE = re.compile(r"^\d{3}-?\d{2}-?\d{4}$")


@dataclass
class Application:
    app_id: str
    first_name: str
    last_name: str
    ssn: str
    dob: str
    monthly_income: float
    vin: str
    amount_financed: float
    term_months: int

    @classmethod
    def from_file(cls, path: Path) -> "Application":
        raw = json.loads(path.read_text())
        app = cls(**{k: raw[k] for k in cls.__dataclass_fields__})
        app.validate()
        return app

    def validate(self):
        if not SSN_RE.match(self.ssn):
            raise ValueError("SSN format")
        if len(self.vin) != 17:
            raise ValueError("VIN length")
        if not 12 <= self.term_months <= 96:
            raise ValueError("term out of range")


class PortalClient:
    def __init__(self, url: str, api_key: str, dealer_code: str, verify_tls: bool):
        self.url = url
        self.dealer_code = dealer_code
        self.session = requests.Session()
        self.session.headers.update({"X-Api-Key": api_key, "Accept": "application/json"})
        # the UAT portal presents the lender's internal CA certificate
        self.session.verify = verify_tls
        if not verify_tls:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def submit(self, app: Application, retries: int = 3) -> str:
        body = {"dealer_code": self.dealer_code, "application": asdict(app)}
        for attempt in range(retries):
            try:
                resp = self.session.post(self.url, json=body, timeout=45)
                if resp.status_code >= 500:
                    raise requests.HTTPError(f"portal {resp.status_code}")
                resp.raise_for_status()
                return resp.json()["decision_ref"]
            except requests.RequestException as exc:
                LOG.warning("%s attempt %d: %s", app.app_id, attempt + 1, exc)
                time.sleep(3 * (attempt + 1))
        raise RuntimeError(f"{app.app_id}: portal unreachable")


def process(outbox: Path, client: PortalClient, dry_run: bool) -> dict:
    sent_dir, failed_dir = outbox.parent / "sent", outbox.parent / "failed"
    sent_dir.mkdir(exist_ok=True)
    failed_dir.mkdir(exist_ok=True)
    stats = {"sent": 0, "failed": 0}
    for path in sorted(outbox.glob("*.json")):
        try:
            app = Application.from_file(path)
            if dry_run:
                LOG.info("would submit %s (%s %s)", app.app_id, app.first_name, app.last_name)
                continue
            ref = client.submit(app)
            LOG.info("%s submitted, decision ref %s", app.app_id, ref)
            shutil.move(str(path), sent_dir / path.name)
            stats["sent"] += 1
        except (ValueError, KeyError, RuntimeError) as exc:
            LOG.error("%s: %s", path.name, exc)
            shutil.move(str(path), failed_dir / path.name)
            stats["failed"] += 1
    return stats


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--outbox", type=Path, default=Path("outbox"))
    ap.add_argument("--dealer-code", default=os.environ.get("DEALER_CODE", ""))
    ap.add_argument("--verify-tls", action="store_true",
                    help="verify the portal certificate (production)")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("LENDER_API_KEY")
    if not key:
        LOG.error("LENDER_API_KEY not set")
        return 2
    client = PortalClient(PORTAL_URL, key, args.dealer_code, args.verify_tls)
    stats = process(args.outbox, client, args.dry_run)
    LOG.info("finished: %(sent)d sent, %(failed)d failed", stats)
    return 1 if stats["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
