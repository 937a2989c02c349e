#!/usr/bin/env python3
"""Send turnout notifications to on-call firefighters' pagers.

Reads an incident JSON dropped by the mobilising system, builds a pager
message (with the incident map snapshot attached as base64) and posts it to
the paging provider. The last sent incident is remembered in a small state
file so a re-drop of the same incident does not page twice.
"""
import argparse
import base64
import json
import logging
import os
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("turnout_notify")

PAGER_API = os.environ.get("PAGER_API", "https://paging.example.com/v1/messages")
STATE_FILE = Path("notify_state.json")


def load_state():
    try:
        return json.loads(STATE_FILE.read_text())
    except (OSError, ValueError):
        return {"last_incident": None}


def save_state(state):
    # Write to a temp file next to the state file, then swap it in.
    fd, tmp = tempfile.mkstemp(dir=".", prefix=".notify_state.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as fh:
            json.dump(state, fh)
        os.chmod(tmp, 0o600)
        os.replace(tmp, STATE_FILE)
    except OSError:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def build_message(incident, group, map_path=None):
    text = "{type} - {address} - {appliances}".format(
        type=incident.get("type", "INCIDENT"),
        address=incident.get("address", "address unknown"),
        appliances=" ".join(incident.get("appliances", [])),
    )
    msg = {"group": group, "priority": "high", "text": text[:160],
           "reference": incident["id"]}
    if map_path and Path(map_path).is_file():
        msg["attachment"] = {
            "filename": Path(map_path).name,
            "content_type": "image/png",
            "data": base64.b64encode(Path(map_path).read_bytes()).decode("ascii"),
        }
    return msg


def send(msg, api_key, timeout=10):
    resp = requests.post(PAGER_API, json=msg, timeout=timeout,
                         headers={"Authorization": "Bearer " + api_key})
    resp.raise_for_status()
    return resp.json().get("message_id")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("incident", help="incident JSON from the mobilising system")
    ap.add_argument("--group", default="stn12-oncall")
    ap.add_argument("--map", help="PNG map snapshot to attach")
    ap.add_argument("--force", action="store_true", help="send even if already paged")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("PAGER_API_KEY")
    if not api_key:
        log.error("PAGER_API_KEY is not set")
        return 1
    try:
        incident = json.loads(Path(args.incident).read_text())
    except (OSError, ValueError) as exc:
        log.error("cannot read incident: %s", exc)
        return 1

    state = load_state()
    if state.get("last_incident") == incident.get("id") and not args.force:
        log.info("incident %s already paged", incident.get("id"))
        return 0
    try:
        mid = send(build_message(incident, args.group, args.map), api_key)
    except requests.RequestException as exc:
        log.error("paging failed: %s", exc)
        return 2
    state["last_incident"] = incident.get("id")
    save_state(state)
    log.info("paged %s for incident %s (message %s)", args.group, incident.get("id"), mid)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
