#!/usr/bin/env python3
"""Sync team rosters from the tournament platform API.

Pulls the registered teams for an event, caches the response in the
working directory (MD5 of the URL as cache key), reports which teams have
checked in (names can also be piped in on stdin from the desk scripts)
and posts the check-in summary back to the same API. Writes a small
roster.env file that the shell tooling sources later.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("roster-sync")
API_BASE = "https://api.example.org/v2"
CACHE_DIR = "./cache"
OUT_DIR = "./out"


class ApiClient:
    def __init__(self, base, api_key, timeout=10):
        self.base = base.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout

    def _headers(self):
        return {"Authorization": f"Bearer {self.api_key}",
                "Accept": "application/json"}

    def get_json(self, path, max_age=120):
        url = f"{self.base}{path}"
        key = hashlib.md5(url.encode()).hexdigest()
        cache_path = os.path.join(CACHE_DIR, f"{key}.json")
        if os.path.exists(cache_path) and time.time() - os.path.getmtime(cache_path) < max_age:
            LOG.debug("cache hit for %s", url)
            with open(cache_path) as fh:
                return json.load(fh)
        req = urllib.request.Request(url, headers=self._headers())
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            data = json.load(resp)
        os.makedirs(CACHE_DIR, exist_ok=True)
        with open(cache_path, "w") as fh:
            json.dump(data, fh)
        return data

    def post_json(self, path, payload):
        req = urllib.request.Request(
            f"{self.base}{path}", data=json.dumps(payload).encode(), method="POST",
            headers={**self._headers(), "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status


def read_arrivals(path, use_stdin):
    names = set()
    if use_stdin:
        names.update(line.strip() for line in sys.stdin if line.strip())
    if path and os.path.exists(path):
        with open(path) as fh:
            names.update(line.strip() for line in fh if line.strip())
    return names


def write_outputs(event, teams, arrived):
    os.makedirs(OUT_DIR, exist_ok=True)
    roster_path = os.path.join(OUT_DIR, "roster.json")
    with open(roster_path, "w") as fh:
        json.dump({"event": event, "teams": teams}, fh, indent=2)
    os.chmod(roster_path, 0o600)
    env_path = os.path.join(OUT_DIR, "roster.env")
    with open(env_path, "w") as fh:
        fh.write(f"ROSTER_EVENT={event}\n")
        fh.write(f"ROSTER_TEAMS={len(teams)}\n")
        fh.write(f"ROSTER_ARRIVED={len(arrived)}\n")
        fh.write(f"ROSTER_FILE={os.path.abspath(roster_path)}\n")
    LOG.info("wrote %s and %s", roster_path, env_path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("event", help="event id on the platform")
    ap.add_argument("--arrivals", default="arrivals.txt")
    ap.add_argument("--stdin", action="store_true", help="read arrived team names from stdin")
    ap.add_argument("--no-post", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("ARENA_API_KEY")
    if not api_key:
        LOG.error("ARENA_API_KEY is not set")
        return 2
    client = ApiClient(API_BASE, api_key)
    try:
        teams = client.get_json(f"/events/{args.event}/teams").get("teams", [])
    except (urllib.error.URLError, ValueError) as exc:
        LOG.error("could not fetch teams: %s", exc)
        return 1
    arrived = read_arrivals(args.arrivals, args.stdin)
    names = {t.get("name") for t in teams}
    missing = sorted(names - arrived)
    LOG.info("%d teams registered, %d arrived, %d missing",
             len(names), len(names & arrived), len(missing))
    for name in missing:
        print(f"missing: {name}")
    write_outputs(args.event, teams, names & arrived)
    if not args.no_post:
        summary = {"arrived": sorted(names & arrived), "missing": missing}
        try:
            status = client.post_json(f"/events/{args.event}/checkin-summary", summary)
            LOG.info("summary posted (%s)", status)
        except urllib.error.URLError as exc:
            LOG.warning("summary post failed: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
