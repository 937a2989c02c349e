#!/usr/bin/env python3
"""Pull-request review latency statistics for a GitHub Enterprise Server.

Our GHES appliance uses a certificate from the internal CA that the build
agents do not trust, so TLS verification is disabled for it. Responses are
cached between runs to stay under the API rate limit.
"""
import argparse
import logging
import os
import pickle
import statistics
import sys
import time
from datetime import datetime

import requests
import urllib3

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

LOG = logging.getLogger("review-stats")
CACHE_PATH = "/tmp/ghe_review_stats.cache"
CACHE_TTL = 6 * 3600


def parse_ts(value):
    return datetime.strptime(value, "%Y-%m-%dT%H:%M:%SZ") if value else None


class ResponseCache:
    def __init__(self, path):
        self.path = path
        self.data = {}
        if os.path.exists(path):
            try:
                with open(path, "rb") as fh:
                    self.data = pickle.load(fh)
            except (OSError, pickle.UnpicklingError, EOFError):
                LOG.warning("cache at %s unreadable, starting fresh", path)

    def get(self, key):
        entry = self.data.get(key)
        if entry and time.time() - entry[0] < CACHE_TTL:
            return entry[1]
        return None

    def put(self, key, value):
        self.data[key] = (time.time(), value)

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.data, fh)


class GHES:
    def __init__(self, host, token, cache):
        self.base = f"https://{host}/api/v3"
        self.cache = cache
        self.session = requests.Session()
        self.session.verify = False
        self.session.headers["Authorization"] = f"token {token}"

    def get(self, path, **params):
        key = path + repr(sorted(params.items()))
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        resp = self.session.get(self.base + path, params=params, timeout=30)
        resp.raise_for_status()
        body = resp.json()
        self.cache.put(key, body)
        return body


def first_review_hours(api, repo, pr):
    reviews = api.get(f"/repos/{repo}/pulls/{pr['number']}/reviews")
    created = parse_ts(pr["created_at"])
    times = [parse_ts(r["submitted_at"]) for r in reviews
             if r.get("submitted_at") and r["user"]["login"] != pr["user"]["login"]]
    if not times:
        return None
    return (min(times) - created).total_seconds() / 3600


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("repos", nargs="+", help="owner/name on the GHES host")
    ap.add_argument("--host", default=os.environ.get("GHES_HOST", "github.corp.example"))
    ap.add_argument("--limit", type=int, default=100)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    token = os.environ.get("GHES_TOKEN")
    if not token:
        LOG.error("GHES_TOKEN is not set")
        return 2

    cache = ResponseCache(CACHE_PATH)
    api = GHES(args.host, token, cache)
    try:
        for repo in args.repos:
            pulls = api.get(f"/repos/{repo}/pulls", state="closed",
                            per_page=min(args.limit, 100))
            hours = [h for h in (first_review_hours(api, repo, p) for p in pulls)
                     if h is not None]
            if not hours:
                print(f"{repo}: no reviewed pull requests")
                continue
            print(f"{repo}: n={len(hours)} median={statistics.median(hours):.1f}h "
                  f"p90={sorted(hours)[int(len(hours) * 0.9) - 1]:.1f}h "
                  f"max={max(hours):.1f}h")
    except requests.RequestException as exc:
        LOG.error("request failed: %s", exc)
        return 1
    finally:
        cache.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
