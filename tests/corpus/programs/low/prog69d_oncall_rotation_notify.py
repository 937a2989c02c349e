#!/usr/bin/env python3
"""Announce the on-call handover in the team's Matrix room.

rotation.json:
    {"start": "2024-01-01T09:00:00+01:00", "shift_days": 7,
     "engineers": ["@ana:example.com", "@bo:example.com", "@chen:example.com"],
     "room": "!abcdef:example.com",
     "overrides": {"2024-06-10": "@bo:example.com"}}

Meant to run from a timer every hour; only posts when the shift changed since
the last announcement (remembered in .rotation-state.json).
"""
import argparse
import datetime as dt
import json
import logging
import os
import sys
import urllib.parse
import uuid

import requests

log = logging.getLogger("rotation")
STATE = ".rotation-state.json"


def current_shift(cfg, now):
    start = dt.datetime.fromisoformat(cfg["start"])
    length = dt.timedelta(days=cfg.get("shift_days", 7))
    index = int((now - start) / length)
    shift_start = start + index * length
    override = cfg.get("overrides", {}).get(shift_start.date().isoformat())
    engineers = cfg["engineers"]
    primary = override or engineers[index % len(engineers)]
    secondary = engineers[(index + 1) % len(engineers)]
    return {"index": index, "start": shift_start.isoformat(),
            "end": (shift_start + length).isoformat(),
            "primary": primary, "secondary": secondary}


class MatrixRoom:
    def __init__(self, homeserver, token, room_id):
        self.base = homeserver.rstrip("/") + "/_matrix/client/v3"
        self.room = urllib.parse.quote(room_id)
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"

    def send(self, body, html):
        txn = uuid.uuid4().hex
        url = f"{self.base}/rooms/{self.room}/send/m.room.message/{txn}"
        content = {"msgtype": "m.text", "body": body,
                   "format": "org.matrix.custom.html", "formatted_body": html}
        resp = self.session.put(url, json=content, timeout=15)
        resp.raise_for_status()
        return resp.json()["event_id"]


def load_state():
    try:
        with open(STATE, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {}


def save_state(state):
    with open(STATE, "w", encoding="utf-8") as fh:
        json.dump(state, fh)
    os.chmod(STATE, 0o600)


def main():
    ap = argparse.ArgumentParser(description="announce on-call handover")
    ap.add_argument("--config", default="rotation.json")
    ap.add_argument("--force", action="store_true", help="post even if already announced")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    with open(args.config, encoding="utf-8") as fh:
        cfg = json.load(fh)
    now = dt.datetime.now(dt.timezone.utc).astimezone()
    shift = current_shift(cfg, now)
    state = load_state()
    if state.get("index") == shift["index"] and not args.force:
        log.info("shift %d already announced", shift["index"])
        return 0

    end = dt.datetime.fromisoformat(shift["end"]).strftime("%a %d %b %H:%M")
    body = (f"On-call handover: {shift['primary']} is primary, {shift['secondary']} "
            f"is secondary until {end}.")
    html = (f"<b>On-call handover</b><br>primary: {shift['primary']}<br>"
            f"secondary: {shift['secondary']}<br>until {end}")
    if args.dry_run:
        print(body)
        return 0

    homeserver = os.environ.get("MATRIX_HOMESERVER", "https://matrix.example.com")
    token = os.environ.get("MATRIX_ACCESS_TOKEN")
    if not token:
        log.error("MATRIX_ACCESS_TOKEN not set")
        return 1
    try:
        event_id = MatrixRoom(homeserver, token, cfg["room"]).send(body, html)
    except requests.RequestException as exc:
        log.error("could not post: %s", exc)
        return 1
    save_state({"index": shift["index"], "event_id": event_id, "primary": shift["primary"]})
    log.info("announced shift %d (%s)", shift["index"], event_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
