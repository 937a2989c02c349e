#!/usr/bin/env python3
"""Push pipeline run status to the LIMS and read back the run record.

Called at the end of each pipeline stage. Posts a small JSON status update
to the LIMS REST API, authenticating with the API key from the LIMS_API_KEY
environment variable, and then fetches the run record to confirm the LIMS
recorded the new state.
"""

import argparse
import datetime
import json
import logging
import os
import sys

import requests

LIMS_BASE = "https://lims.example.com/api/v2"
VALID_STAGES = ("demux", "qc", "align", "variant_call", "delivered")
LOG = logging.getLogger("lims_run_status")


class LimsClient:
    def __init__(self, base_url: str, api_key: str, timeout: float = 15.0):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
        })

    def health(self) -> bool:
        try:
            resp = self.session.head(f"{self.base_url}/health", timeout=self.timeout)
            return resp.ok
        except requests.RequestException as exc:
            LOG.warning("LIMS health check failed: %s", exc)
            return False

    def post_status(self, run_id: str, stage: str, state: str, note: str) -> dict:
        payload = {
            "run_id": run_id,
            "stage": stage,
            "state": state,
            "note": note,
            "reported_at": datetime.datetime.now(datetime.timezone.utc).isoformat(),
        }
        resp = self.session.post(f"{self.base_url}/runs/{run_id}/status",
                                 json=payload, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def get_run(self, run_id: str) -> dict:
        resp = self.session.get(f"{self.base_url}/runs/{run_id}", timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("run_id")
    ap.add_argument("stage", choices=VALID_STAGES)
    ap.add_argument("state", choices=("started", "succeeded", "failed"))
    ap.add_argument("--note", default="")
    ap.add_argument("--retries", type=int, default=3)
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    api_key = os.environ.get("LIMS_API_KEY")
    if not api_key:
        LOG.error("LIMS_API_KEY is not set")
        return 2

    client = LimsClient(LIMS_BASE, api_key)
    if not client.health():
        LOG.warning("LIMS reports unhealthy; trying anyway")

    for attempt in range(1, args.retries + 1):
        try:
            result = client.post_status(args.run_id, args.stage, args.state, args.note)
            LOG.info("status accepted: %s", result.get("id", "?"))
            break
        except requests.RequestException as exc:
            LOG.warning("attempt %d failed: %s", attempt, exc)
    else:
        LOG.error("giving up after %d attempts", args.retries)
        return 1

    try:
        record = client.get_run(args.run_id)
    except requests.RequestException as exc:
        LOG.error("could not read back run record: %s", exc)
        return 1
    LOG.info("LIMS now shows: %s", json.dumps(record.get("status", {})))
    return 0


if __name__ == "__main__":
    sys.exit(main())
