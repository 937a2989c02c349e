#!/usr/bin/env python3
"""Switch Home Assistant scenes from the Raspberry Pi's little button board.

Meant to run on the Pi next to the TV.  Talks to the Home Assistant REST API on
the home server (self-signed certificate), using a long-lived token from
HASS_TOKEN.  Remembers the last scene in a state file so a double-press can
toggle back.
"""
import argparse
import json
import logging
import os
import sys
import time

import requests
import urllib3

HASS_URL = os.environ.get("HASS_URL", "https://homeserver.lan:8123")
STATE_PATH = "/tmp/ha_scene_switcher.json"
SCENES = {
    "movie": "scene.movie_night",
    "game": "scene.gaming_rgb",
    "bright": "scene.all_bright",
    "off": "scene.everything_off",
}

log = logging.getLogger("ha-scenes")
# the home server uses a self-signed cert; silence the warning spam
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class HassClient:
    def __init__(self, base_url, token):
        self.base = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
        })
        self.session.verify = False

    def ping(self):
        r = self.session.get(f"{self.base}/api/", timeout=5)
        r.raise_for_status()
        return r.json().get("message", "")

    def activate(self, entity_id):
        r = self.session.post(f"{self.base}/api/services/scene/turn_on",
                              data=json.dumps({"entity_id": entity_id}), timeout=8)
        r.raise_for_status()
        return r.json()

    def state(self, entity_id):
        r = self.session.get(f"{self.base}/api/states/{entity_id}", timeout=5)
        r.raise_for_status()
        return r.json()


def read_state():
    try:
        with open(STATE_PATH) as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {"current": None, "previous": None, "at": 0}


def write_state(current, previous):
    with open(STATE_PATH, "w") as fh:
        json.dump({"current": current, "previous": previous, "at": time.time()}, fh)


def choose_scene(requested, state, double_press_window):
    """A second press of the same button within the window goes back."""
    if (requested == state.get("current") and state.get("previous")
            and time.time() - state.get("at", 0) < double_press_window):
        return state["previous"]
    return requested


def main():
    ap = argparse.ArgumentParser(description="activate a Home Assistant scene")
    ap.add_argument("scene", nargs="?", choices=sorted(SCENES), help="scene shortcut")
    ap.add_argument("--list", action="store_true", help="show scenes and their state")
    ap.add_argument("--window", type=float, default=3.0, help="double-press window (s)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    token = os.environ.get("HASS_TOKEN")
    if not token:
        sys.exit("HASS_TOKEN is not set")
    client = HassClient(HASS_URL, token)

    try:
        log.debug("server says: %s", client.ping())
        if args.list:
            for short, entity in sorted(SCENES.items()):
                info = client.state(entity)
                print(f"{short:8} {entity:26} last set {info.get('state', '?')}")
            return
        if not args.scene:
            ap.error("give a scene or --list")
        state = read_state()
        target = choose_scene(args.scene, state, args.window)
        client.activate(SCENES[target])
        write_state(target, state.get("current"))
        log.info("scene -> %s", target)
    except requests.RequestException as exc:
        log.error("Home Assistant unreachable: %s", exc)
        sys.exit(1)


if __name__ == "__main__":
    main()
