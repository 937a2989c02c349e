#!/usr/bin/env python3
"""Publish the juggling games results to the convention website API.

Reads results.csv from the working directory, checks the event list the
site knows about, and posts each event's standings as JSON.
"""
import argparse
import asyncio
import csv
import json
import logging
import os
import sys
import urllib.request
from collections import defaultdict
from dataclasses import dataclass

log = logging.getLogger("results-publisher")


@dataclass(frozen=True)
class Api:
    base: str = os.environ.get("JUGGLECON_API", "https://api.jugglecon.example.org/v1")
    key_var: str = "JUGGLECON_API_KEY"
    timeout: float = 15.0

    def headers(self):
        key = os.environ.get(self.key_var)
        if not key:
            raise RuntimeError(f"{self.key_var} is not set")
        return {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}


def get_json(api, route):
    req = urllib.request.Request(api.base + route, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=api.timeout) as resp:
        return json.load(resp)


def post_json(api, route, payload):
    data = json.dumps(payload).encode("utf-8")
    req = urllib.request.Request(api.base + route, data=data,
                                 headers=api.headers(), method="POST")
    with urllib.request.urlopen(req, timeout=api.timeout) as resp:
        return resp.status


def standings(path):
    by_event = defaultdict(list)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                row["score"] = float(row["score"])
            except (KeyError, ValueError):
                log.warning("skipping row without score: %s", row)
                continue
            by_event[row["event"]].append(row)
    for rows in by_event.values():
        rows.sort(key=lambda r: r["score"], reverse=True)
        for place, r in enumerate(rows, 1):
            r["place"] = place
    return by_event


async def publish(api, events, known, dry_run):
    loop = asyncio.get_running_loop()
    sent = 0
    for event, rows in events.items():
        if event not in known:
            log.warning("event %s not on the site, skipping", event)
            continue
        payload = {"event": event, "standings": rows}
        if dry_run:
            log.info("would post %d rows for %s", len(rows), event)
            continue
        status = await loop.run_in_executor(None, post_json, api, f"/events/{event}/results", payload)
        log.info("%s -> HTTP %s", event, status)
        sent += 1
    return sent


def main(argv=None):
    ap = argparse.ArgumentParser(description="Publish games results")
    ap.add_argument("csv", nargs="?", default="results.csv")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api = Api()
    try:
        events = standings(args.csv)
        known = {e["slug"] for e in get_json(api, "/events")}
        sent = asyncio.run(publish(api, events, known, args.dry_run))
    except (OSError, RuntimeError, ValueError) as exc:
        log.error("publish failed: %s", exc)
        return 1
    log.info("published %d events", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
