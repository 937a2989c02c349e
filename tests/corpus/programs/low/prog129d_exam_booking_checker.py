#!/usr/bin/env python3
"""Watch for earlier practical driving test dates at chosen test centres.

Polls the school's slot-mirror API (which scrapes the public booking site
every few minutes) and, when a date earlier than a pupil's current booking
appears at one of their acceptable centres, sends a push notification to
the instructor's phone via ntfy.

Pupils and centres are listed in watch.toml:

    [[pupil]]
    name = "Sam K"
    current = "2025-09-18"
    centres = ["Bletchley", "Aylesbury"]

Run it from a terminal (or tmux) on the office PC; Ctrl-C stops it.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import time
import tomllib
from pathlib import Path

import requests

MIRROR = "https://slots.clearroute-driving.co.uk/api/cancellations"
NTFY = "https://ntfy.sh"
SEEN_FILE = Path(".seen_slots.json")

log = logging.getLogger("exam-watch")


class Settings:
    interval = 300
    topic = os.environ.get("EXAM_WATCH_TOPIC", "")

    @classmethod
    def from_toml(cls, data):
        opts = data.get("options", {})
        cls.interval = int(opts.get("interval", cls.interval))
        cls.topic = opts.get("ntfy_topic", cls.topic)


def fetch_slots(centre):
    r = requests.get(MIRROR, params={"centre": centre}, timeout=20)
    r.raise_for_status()
    return r.json().get("slots", [])


def slot_key(centre, slot):
    return hashlib.md5(f"{centre}|{slot['date']}|{slot['time']}".encode()).hexdigest()


def notify(topic, title, message):
    if not topic:
        log.info("%s: %s", title, message)
        return
    requests.post(f"{NTFY}/{topic}", data=message.encode(),
                  headers={"Title": title, "Tags": "car"}, timeout=15)


def check_once(pupils, seen):
    found = 0
    for pupil in pupils:
        for centre in pupil["centres"]:
            try:
                slots = fetch_slots(centre)
            except requests.RequestException as exc:
                log.warning("%s: %s", centre, exc)
                continue
            for slot in slots:
                key = slot_key(centre, slot)
                if key in seen or slot["date"] >= pupil["current"]:
                    continue
                seen.add(key)
                found += 1
                notify(Settings.topic, f"Earlier test for {pupil['name']}",
                       f"{centre} {slot['date']} {slot['time']} (now {pupil['current']})")
    return found


def prune_seen(seen, keep=5000):
    """The seen-set only needs recent keys; cap it so the file stays small."""
    if len(seen) > keep:
        return set(sorted(seen)[-keep:])
    return seen


def main():
    ap = argparse.ArgumentParser(description="Watch for earlier driving test dates")
    ap.add_argument("--config", type=Path, default=Path("watch.toml"))
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    try:
        with args.config.open("rb") as fh:
            data = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot read %s: %s", args.config, exc)
        return 1
    Settings.from_toml(data)
    pupils = data.get("pupil", [])
    if not pupils:
        log.error("no pupils in %s", args.config)
        return 1

    seen = set(json.loads(SEEN_FILE.read_text())) if SEEN_FILE.exists() else set()
    try:
        while True:
            n = check_once(pupils, seen)
            seen = prune_seen(seen)
            SEEN_FILE.write_text(json.dumps(sorted(seen)))
            log.info("checked %d pupils, %d new slots", len(pupils), n)
            if args.once:
                return 0
            time.sleep(Settings.interval)
    except KeyboardInterrupt:
        log.info("stopped")
        return 0


if __name__ == "__main__":
    sys.exit(main())
