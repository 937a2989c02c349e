#!/usr/bin/env python3
"""Presence-based automations against the Home Assistant REST API.

When the last person leaves: turn off lights, set thermostat to eco and
send a notification. When someone arrives after dark: hallway light on.
Polls every 30 s; meant to run under the user's session or a container.
"""
import datetime as dt
import logging
import os
import time

import requests

HA_URL = os.environ.get("HA_URL", "https://homeassistant.example.org")
HA_TOKEN = os.environ["HA_TOKEN"]
PEOPLE = ["person.alex", "person.sam"]
LIGHTS = ["light.living_room", "light.kitchen", "light.hallway", "light.office"]
THERMOSTAT = "climate.hallway"
NOTIFY_SERVICE = "mobile_app_alex_phone"
POLL_SECONDS = 30

log = logging.getLogger("presence")
session = requests.Session()
session.headers.update({
    "Authorization": f"Bearer {HA_TOKEN}",
    "Content-Type": "application/json",
})


def state(entity_id: str) -> dict:
    resp = session.get(f"{HA_URL}/api/states/{entity_id}", timeout=10)
    resp.raise_for_status()
    return resp.json()


def call(domain: str, service: str, **data) -> None:
    resp = session.post(f"{HA_URL}/api/services/{domain}/{service}",
                        json=data, timeout=10)
    resp.raise_for_status()
    log.info("called %s.%s %s", domain, service, data)


def anyone_home() -> bool:
    return any(state(p)["state"] == "home" for p in PEOPLE)


def is_dark() -> bool:
    sun = state("sun.sun")
    return sun["state"] == "below_horizon"


def on_everyone_left() -> None:
    call("light", "turn_off", entity_id=LIGHTS)
    call("climate", "set_preset_mode", entity_id=THERMOSTAT, preset_mode="eco")
    call("notify", NOTIFY_SERVICE,
         title="House empty",
         message=f"Lights off and heating set to eco at {dt.datetime.now():%H:%M}.")


def on_someone_arrived() -> None:
    call("climate", "set_preset_mode", entity_id=THERMOSTAT, preset_mode="comfort")
    if is_dark():
        call("light", "turn_on", entity_id="light.hallway",
             brightness_pct=70, transition=1)


def main() -> None:
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    home = None
    while True:
        try:
            now_home = anyone_home()
            if home is not None and now_home != home:
                if now_home:
                    log.info("someone arrived")
                    on_someone_arrived()
                else:
                    log.info("everyone left")
                    on_everyone_left()
            home = now_home
        except requests.RequestException as exc:
            log.warning("Home Assistant unreachable: %s", exc)
        time.sleep(POLL_SECONDS)


if __name__ == "__main__":
    main()
