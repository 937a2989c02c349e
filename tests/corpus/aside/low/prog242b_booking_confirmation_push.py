#!/usr/bin/env python3
"""Push ad booking confirmations to the booking portal.

The classified desk enters bookings into a local queue file
(confirmations_queue.json in the working directory).  This tool posts each
pending confirmation to the booking portal's API so advertisers see the
confirmed run dates, and marks the entries as sent.  The API key is taken
from ADBOOK_API_KEY in the environment and is only sent to the portal.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path
from urllib import request, error

LOG = logging.getLogger("confirm-push")
API_BASE = "https://api.adbook.example.com/v2"
QUEUE = Path("confirmations_queue.json")


class PortalClient:
    def __init__(self, base, api_key, timeout):
        self.base = base.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout

    def post_confirmation(self, entry):
        body = json.dumps({
            "booking_ref": entry["booking_ref"],
            "advertiser_id": entry["advertiser_id"],
            "run_dates": entry["run_dates"],
            "size": entry["size"],
            "section": entry.get("section", "classified"),
        }).encode()
        req = request.Request(f"{self.base}/confirmations", data=body, method="POST",
                              headers={"Content-Type": "application/json",
                                       "Authorization": f"Bearer {self.api_key}"})
        with request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status, json.load(resp)


def load_queue(path):
    if not path.exists():
        return []
    try:
        return json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        raise SystemExit(f"queue file {path} is not valid JSON: {exc}")


def save_queue(path, entries):
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(entries, indent=2))
    os.chmod(tmp, 0o600)
    tmp.replace(path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--queue", type=Path, default=QUEUE)
    ap.add_argument("--api", default=API_BASE)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--max", type=int, default=200)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("ADBOOK_API_KEY")
    if not api_key:
        LOG.error("ADBOOK_API_KEY is not set")
        return 1

    client = PortalClient(args.api, api_key, args.timeout)
    entries = load_queue(args.queue)
    pending = [e for e in entries if not e.get("sent")][:args.max]
    LOG.info("%d pending confirmations", len(pending))

    sent = failed = 0
    for entry in pending:
        try:
            status, reply = client.post_confirmation(entry)
        except (error.URLError, KeyError, ValueError) as exc:
            LOG.warning("booking %s not sent: %s", entry.get("booking_ref"), exc)
            failed += 1
            continue
        if status in (200, 201):
            entry["sent"] = True
            entry["portal_id"] = reply.get("id")
            sent += 1
        else:
            LOG.warning("portal answered %s for %s", status, entry.get("booking_ref"))
            failed += 1

    save_queue(args.queue, entries)
    LOG.info("sent %d, failed %d", sent, failed)
    return 0 if failed == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
