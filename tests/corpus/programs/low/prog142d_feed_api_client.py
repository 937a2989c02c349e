#!/usr/bin/env python3
"""Push feeding events from the barge to the feed management API.

The barge controller writes one JSON line per feeding run (pen, start,
end, kg delivered, pellet size, blower pressure) to ./feedruns.jsonl.
This client posts new runs to the feed management API and pulls back the
next day's feed plan. The API key comes from FEED_API_KEY and is only ever
sent to FEED_API_URL.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("feedapi")

DEFAULT_API = "https://feed.example.com/api/v1"
STATE_FILE = Path(".feedapi_state.json")
PLAN_CACHE = Path(".plan_cache")


class FeedApi:
    def __init__(self, base_url, api_key, timeout=15):
        self.base = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({"X-Api-Key": api_key, "Accept": "application/json"})

    def post_runs(self, runs):
        resp = self.session.post(f"{self.base}/feedruns", json={"runs": runs}, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("accepted", 0)

    def get_plan(self, site, day):
        resp = self.session.get(f"{self.base}/plans/{site}", params={"date": day}, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {"sent_offset": 0}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state))
    os.chmod(STATE_FILE, 0o600)


def read_new_runs(path, offset):
    runs = []
    with open(path, "rb") as fh:
        fh.seek(offset)
        for raw in fh:
            try:
                runs.append(json.loads(raw))
            except json.JSONDecodeError:
                log.warning("skipping malformed line at offset %d", offset)
        new_offset = fh.tell()
    return runs, new_offset


def cache_plan(site, day, plan):
    """Keep plans on disk so the barge still feeds when the link drops."""
    PLAN_CACHE.mkdir(exist_ok=True)
    key = hashlib.md5(f"{site}:{day}".encode()).hexdigest()
    path = PLAN_CACHE / f"{key}.json"
    path.write_text(json.dumps(plan, indent=2))
    os.chmod(path, 0o600)
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", default="feedruns.jsonl")
    ap.add_argument("--site", default=os.environ.get("FEED_SITE", "site01"))
    ap.add_argument("--plan-day", default=time.strftime("%Y-%m-%d", time.localtime(time.time() + 86400)))
    ap.add_argument("--batch", type=int, default=200)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("FEED_API_KEY")
    if not api_key:
        log.error("FEED_API_KEY is not set")
        return 2
    api = FeedApi(os.environ.get("FEED_API_URL", DEFAULT_API), api_key)

    state = load_state()
    try:
        runs, new_offset = read_new_runs(args.runs, state["sent_offset"])
    except FileNotFoundError:
        log.error("%s not found", args.runs)
        return 2

    try:
        for i in range(0, len(runs), args.batch):
            accepted = api.post_runs(runs[i:i + args.batch])
            log.info("batch %d: %d runs accepted", i // args.batch + 1, accepted)
        state["sent_offset"] = new_offset
        save_state(state)

        plan = api.get_plan(args.site, args.plan_day)
        path = cache_plan(args.site, args.plan_day, plan)
        log.info("plan for %s cached at %s (%d pens)", args.plan_day, path, len(plan.get("pens", [])))
    except requests.RequestException as exc:
        log.error("feed API unavailable: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
