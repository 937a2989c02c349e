#!/usr/bin/env python3
"""Create a same-day courier job in the dispatch system from the command line.

Used by the front desk when a walk-in customer books a collection. Posts the
job as JSON to the dispatch API using the desk's API key.
"""
import argparse
import json
import logging
import os
import sys
from datetime import datetime, timedelta

import requests

LOG = logging.getLogger("post-job")

DISPATCH_API = os.environ.get("DISPATCH_API", "https://dispatch.example.com/api/v2")
SERVICE_LEVELS = {"express": 60, "same-day": 240, "economy": 480}


def build_job(args):
    ready = datetime.now() + timedelta(minutes=args.ready_in)
    deadline = ready + timedelta(minutes=SERVICE_LEVELS[args.service])
    return {
        "service": args.service,
        "pickup": {"name": args.from_name, "address": args.from_addr, "ready_at": ready.isoformat(timespec="minutes")},
        "dropoff": {"name": args.to_name, "address": args.to_addr, "deliver_by": deadline.isoformat(timespec="minutes")},
        "parcels": [{"weight_kg": args.weight, "fragile": args.fragile}],
        "reference": args.reference,
        "booked_by": os.environ.get("USER", "frontdesk"),
    }


def post_job(job, api_key, dry_run=False):
    if dry_run:
        print(json.dumps(job, indent=2))
        return None
    resp = requests.post(
        DISPATCH_API + "/jobs",
        json=job,
        headers={"Authorization": "Bearer " + api_key},
        timeout=15,
    )
    if resp.status_code == 422:
        LOG.error("dispatch rejected the job: %s", resp.json().get("errors"))
        return None
    resp.raise_for_status()
    return resp.json()


def main():
    parser = argparse.ArgumentParser(description="Book a courier job")
    parser.add_argument("--from-name", required=True)
    parser.add_argument("--from-addr", required=True)
    parser.add_argument("--to-name", required=True)
    parser.add_argument("--to-addr", required=True)
    parser.add_argument("--service", choices=sorted(SERVICE_LEVELS), default="same-day")
    parser.add_argument("--weight", type=float, default=1.0)
    parser.add_argument("--fragile", action="store_true")
    parser.add_argument("--ready-in", type=int, default=15, help="minutes until ready")
    parser.add_argument("--reference", default="")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    api_key = os.environ.get("DISPATCH_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("DISPATCH_API_KEY is not set")
        return 2
    if args.weight > 25:
        LOG.error("%.1f kg is over the cargo-bike limit; book a van job instead", args.weight)
        return 1

    job = build_job(args)
    try:
        result = post_job(job, api_key, dry_run=args.dry_run)
    except requests.RequestException as exc:
        LOG.error("could not reach dispatch: %s", exc)
        return 1
    if result:
        print("booked job {} - rider ETA {}".format(result.get("job_id"), result.get("pickup_eta", "pending")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
