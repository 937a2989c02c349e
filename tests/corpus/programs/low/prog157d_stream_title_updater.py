#!/usr/bin/env python3
"""Keep the stream title and tags in step with the current bracket match.

Reads the live match from the public bracket API and updates the channel
title through the streaming platform API. The platform key comes from the
environment and is only ever sent to the platform API.
"""
import argparse
import json
import logging
import os
import tempfile
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("title-updater")

BRACKET_API = "https://brackets.example.com/api/v2/events/{event}/current"
PLATFORM_API = "https://api.example.net/v1/channels/{channel}"
STATE_FILE = "title_state.json"


def get_json(url, timeout=10):
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.loads(resp.read().decode("utf-8"))


class PlatformClient:
    def __init__(self, channel, api_key):
        self.url = PLATFORM_API.format(channel=channel)
        self.api_key = api_key

    def update(self, title, tags):
        body = json.dumps({"title": title, "tags": tags}).encode("utf-8")
        req = urllib.request.Request(
            self.url, data=body, method="PATCH",
            headers={"Authorization": "Bearer " + self.api_key,
                     "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status


def build_title(match, event_name):
    a = match.get("team_a", "TBD")
    b = match.get("team_b", "TBD")
    rnd = match.get("round_name", "Round %s" % match.get("round", "?"))
    return "%s | %s: %s vs %s" % (event_name, rnd, a, b)[:140]


def load_state():
    try:
        with open(STATE_FILE) as fh:
            return json.load(fh)
    except (FileNotFoundError, ValueError):
        return {}


def save_state(state):
    # write atomically next to the target so a crash never leaves half a file
    fd, tmp = tempfile.mkstemp(prefix=".title_state.", dir=".")
    with os.fdopen(fd, "w") as fh:
        json.dump(state, fh)
    os.chmod(tmp, 0o600)
    os.replace(tmp, STATE_FILE)


def tick(client, event, event_name, state, dry_run):
    match = get_json(BRACKET_API.format(event=event))
    title = build_title(match, event_name)
    if title == state.get("title"):
        return False
    tags = ["esports", event_name.lower().replace(" ", "")][:10]
    if dry_run:
        LOG.info("dry-run: would set title %r", title)
    else:
        status = client.update(title, tags)
        LOG.info("title set (%s): %s", status, title)
    state["title"] = title
    state["updated"] = int(time.time())
    save_state(state)
    return True


def main():
    ap = argparse.ArgumentParser(description="Sync stream title with bracket")
    ap.add_argument("--event", required=True)
    ap.add_argument("--event-name", default="Arena Open")
    ap.add_argument("--channel", required=True)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("STREAM_PLATFORM_KEY")
    if not api_key and not args.dry_run:
        LOG.error("STREAM_PLATFORM_KEY is not set")
        return 2

    client = PlatformClient(args.channel, api_key or "")
    state = load_state()
    while True:
        try:
            tick(client, args.event, args.event_name, state, args.dry_run)
        except urllib.error.HTTPError as exc:
            LOG.warning("API answered %s", exc.code)
        except (urllib.error.URLError, TimeoutError, ValueError) as exc:
            LOG.warning("update skipped: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
