#!/usr/bin/env python3
"""lineup_feed_check.py

Fetches the public lineup feed, compares it with the running order the
stage managers were given, and reports slot changes. It caches the feed by
URL, writes a small env file (lineup.env) that the stage shell scripts
source later, and posts a change summary to the festival ops API.

Usage:
    lineup_feed_check.py running_order.json
    cat running_order.json | lineup_feed_check.py -
"""
import argparse
import hashlib
import json
import logging
import os
import shlex
import sys
import urllib.error
import urllib.request
from pathlib import Path

FEED_URL = "https://api.example.com/v1/lineup"
OPS_URL = "https://api.example.com/v1/ops/lineup-checks"
CACHE_DIR = Path("./.cache/lineup")
ENV_FILE = Path("./lineup.env")

log = logging.getLogger("lineup-check")


class FeedCache:
    def __init__(self, root):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)

    def key(self, url):
        return hashlib.md5(url.encode(), usedforsecurity=False).hexdigest()

    def get(self, url, timeout=10):
        path = self.root / f"{self.key(url)}.json"
        try:
            with urllib.request.urlopen(url, timeout=timeout) as resp:
                body = resp.read().decode("utf-8")
            path.write_text(body)
            path.chmod(0o600)
            return json.loads(body)
        except (urllib.error.URLError, TimeoutError) as exc:
            if path.exists():
                log.warning("feed unreachable (%s); using cached copy", exc)
                return json.loads(path.read_text())
            raise


def index_slots(acts):
    return {a["act"]: (a.get("stage", "?"), a.get("start", "?")) for a in acts}


def compare(expected, published):
    exp, pub = index_slots(expected), index_slots(published)
    changes = []
    for act, slot in exp.items():
        if act not in pub:
            changes.append({"act": act, "change": "removed", "was": slot})
        elif pub[act] != slot:
            changes.append({"act": act, "change": "moved", "was": slot, "now": pub[act]})
    for act, slot in pub.items():
        if act not in exp:
            changes.append({"act": act, "change": "added", "now": slot})
    return changes


def write_env(changes, published):
    first = min((a.get("start", "") for a in published), default="")
    lines = [
        f"LINEUP_CHANGES={len(changes)}",
        f"LINEUP_FIRST_START={shlex.quote(first)}",
        f"LINEUP_MOVED={shlex.quote(' '.join(c['act'] for c in changes if c['change'] == 'moved'))}",
    ]
    ENV_FILE.write_text("\n".join(lines) + "\n")
    ENV_FILE.chmod(0o600)


def post_summary(changes, api_key, timeout=10):
    body = json.dumps({"source": "lineup_feed_check", "changes": changes}).encode()
    req = urllib.request.Request(OPS_URL, data=body, method="POST", headers={
        "Content-Type": "application/json",
        "Authorization": f"Bearer {api_key}",
    })
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main(argv=None):
    ap = argparse.ArgumentParser(description="Check the lineup feed against the running order")
    ap.add_argument("running_order", help="JSON file, or - for stdin")
    ap.add_argument("--feed", default=FEED_URL)
    ap.add_argument("--no-post", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    src = sys.stdin if args.running_order == "-" else open(args.running_order)
    with src:
        expected = json.load(src).get("acts", [])

    try:
        published = FeedCache(CACHE_DIR).get(args.feed).get("acts", [])
    except (urllib.error.URLError, json.JSONDecodeError) as exc:
        log.error("cannot read lineup feed: %s", exc)
        return 1

    changes = compare(expected, published)
    for c in changes:
        log.info("%-25s %-8s %s -> %s", c["act"], c["change"], c.get("was"), c.get("now"))
    write_env(changes, published)
    log.info("%d change(s); wrote %s", len(changes), ENV_FILE)

    api_key = os.environ.get("FEST_OPS_API_KEY")
    if args.no_post or not api_key:
        log.info("not posting summary (no key or --no-post)")
        return 0
    try:
        log.info("ops API answered %s", post_summary(changes, api_key))
    except urllib.error.URLError as exc:
        log.warning("could not post summary: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
