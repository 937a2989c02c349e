#!/usr/bin/env python3
"""Schedules the salon's social media posts.

Reads the content plan (posts.json in the working folder), checks the
images are reachable, and queues each post with the scheduling service.
Keeps a small state file so the same post isn't queued twice.
"""
import argparse
import json
import logging
import os
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("post-scheduler")

API_BASE = "https://api.example.com/v1"
STATE_PATH = Path("scheduler_state.json")
PLAN_PATH = Path("posts.json")


class SchedulerClient:
    def __init__(self, api_key, base=API_BASE):
        self.base = base
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {api_key}",
                                     "User-Agent": "glowsalon-scheduler/1.1"})

    def image_ok(self, url):
        try:
            resp = self.session.head(url, timeout=10, allow_redirects=True)
            return resp.status_code == 200
        except requests.RequestException:
            return False

    def queue_post(self, post):
        body = {
            "channel": post.get("channel", "instagram"),
            "caption": post["caption"],
            "media_url": post["image"],
            "publish_at": post["publish_at"],
        }
        resp = self.session.post(f"{self.base}/posts", json=body, timeout=20)
        resp.raise_for_status()
        return resp.json()["id"]


def load_state():
    if STATE_PATH.exists():
        return json.loads(STATE_PATH.read_text())
    return {"queued": {}}


def save_state(state):
    # write to a temp file in the same folder, then swap it in
    fd, tmp = tempfile.mkstemp(dir=".", prefix=".state_", suffix=".json")
    try:
        with os.fdopen(fd, "w") as fh:
            json.dump(state, fh, indent=2)
        os.chmod(tmp, 0o600)
        os.replace(tmp, STATE_PATH)
    except Exception:
        os.unlink(tmp)
        raise


def due_posts(plan, horizon_days):
    now = datetime.now(timezone.utc)
    for post in plan:
        when = datetime.fromisoformat(post["publish_at"])
        if when.tzinfo is None:
            when = when.replace(tzinfo=timezone.utc)
        if now <= when and (when - now).days <= horizon_days:
            yield post


def main():
    parser = argparse.ArgumentParser(description="Queue upcoming salon posts")
    parser.add_argument("--days", type=int, default=7, help="how far ahead to queue")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("SCHEDULER_API_KEY")
    if not api_key:
        log.error("SCHEDULER_API_KEY is not set")
        return 2
    try:
        plan = json.loads(PLAN_PATH.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read %s: %s", PLAN_PATH, exc)
        return 2

    client = SchedulerClient(api_key)
    state = load_state()
    queued = 0
    for post in due_posts(plan, args.days):
        key = post.get("slug") or post["publish_at"]
        if key in state["queued"]:
            continue
        if not client.image_ok(post["image"]):
            log.warning("image for %s not reachable, skipping", key)
            continue
        if args.dry_run:
            log.info("would queue %s at %s", key, post["publish_at"])
            continue
        try:
            state["queued"][key] = client.queue_post(post)
            queued += 1
        except requests.RequestException as exc:
            log.error("could not queue %s: %s", key, exc)

    if not args.dry_run:
        save_state(state)
    log.info("queued %d posts", queued)
    return 0


if __name__ == "__main__":
    sys.exit(main())
