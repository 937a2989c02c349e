#!/usr/bin/env python3
"""Compose and publish the truck's daily location post.

Builds a short post ("Today at Harbour Park, 11-3!") from the schedule file,
attaches the photo of the day's special, and publishes it through the
social scheduling service's API.
"""
import argparse
import base64
import datetime as dt
import json
import logging
import mimetypes
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("social")

API_BASE = "https://api.example.com/social/v3"
MAX_IMAGE_BYTES = 5 * 1024 * 1024
HASHTAGS = ["#foodtruck", "#streetfood", "#lunch"]


def load_schedule(path, day):
    with open(path) as fh:
        schedule = json.load(fh)
    for entry in schedule.get("stops", []):
        if entry.get("date") == day.isoformat():
            return entry
    return None


def compose_text(stop, special=None):
    lines = [f"Today at {stop['place']}, {stop['open']}-{stop['close']}!"]
    if special:
        lines.append(f"Special: {special}")
    lines.append(" ".join(HASHTAGS))
    return "\n".join(lines)


def encode_image(path):
    """Images are sent inline as base64, as the API expects."""
    p = Path(path)
    size = p.stat().st_size
    if size > MAX_IMAGE_BYTES:
        raise ValueError(f"{p.name} is {size} bytes, limit is {MAX_IMAGE_BYTES}")
    mime = mimetypes.guess_type(p.name)[0] or "image/jpeg"
    return {"filename": p.name, "mime": mime, "data": base64.b64encode(p.read_bytes()).decode()}


class SocialClient:
    def __init__(self, token, account):
        self.account = account
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
        })

    def publish(self, text, image=None, when=None):
        payload = {"account": self.account, "text": text}
        if image:
            payload["media"] = [image]
        if when:
            payload["scheduled_at"] = when
        resp = self.session.post(f"{API_BASE}/posts", data=json.dumps(payload), timeout=30)
        if resp.status_code == 429:
            raise RuntimeError("rate limited, try again later")
        resp.raise_for_status()
        return resp.json()


def main():
    parser = argparse.ArgumentParser(description="Publish today's location post")
    parser.add_argument("--schedule", default="schedule.json")
    parser.add_argument("--photo", help="photo of the special, in the working dir")
    parser.add_argument("--special")
    parser.add_argument("--at", help="ISO time to schedule the post")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    today = dt.date.today()
    stop = load_schedule(args.schedule, today)
    if stop is None:
        log.info("no stop scheduled for %s, nothing to post", today)
        return 0

    text = compose_text(stop, args.special)
    image = None
    if args.photo:
        try:
            image = encode_image(args.photo)
        except (OSError, ValueError) as exc:
            log.warning("skipping photo: %s", exc)

    if args.dry_run:
        print(text)
        print("photo:", image["filename"] if image else "none")
        return 0

    token = os.environ.get("SOCIAL_API_TOKEN")
    if not token:
        log.error("SOCIAL_API_TOKEN is not set")
        return 1
    client = SocialClient(token, os.environ.get("SOCIAL_ACCOUNT", "our-truck"))
    try:
        result = client.publish(text, image, args.at)
    except (requests.RequestException, RuntimeError) as exc:
        log.error("publish failed: %s", exc)
        return 1
    log.info("post %s created", result.get("id"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
