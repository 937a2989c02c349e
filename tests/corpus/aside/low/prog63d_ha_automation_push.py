#!/usr/bin/env python3
"""Push automation rules from a local YAML file to Home Assistant.

rules.yaml format:
  base_url: http://homeassistant.local:8123
  automations:
    - id: hallway_motion_light
      alias: Hallway light on motion
      trigger: [{platform: state, entity_id: binary_sensor.hall_motion, to: "on"}]
      action: [{service: light.turn_on, target: {entity_id: light.hallway}}]

The long-lived access token is read from HA_TOKEN and only sent to base_url.
"""
import argparse
import logging
import os
import sys
import time

import requests
import yaml

LOG = logging.getLogger("ha-push")
REQUIRED_KEYS = ("id", "alias", "trigger", "action")


class HomeAssistantClient:
    def __init__(self, base_url, token, timeout=10):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
        })
        self.timeout = timeout

    def ping(self):
        r = self.session.get(f"{self.base_url}/api/", timeout=self.timeout)
        r.raise_for_status()
        return r.json().get("message", "")

    def upsert_automation(self, rule):
        url = f"{self.base_url}/api/config/automation/config/{rule['id']}"
        r = self.session.post(url, json=rule, timeout=self.timeout)
        r.raise_for_status()
        return r.json()

    def reload(self):
        url = f"{self.base_url}/api/services/automation/reload"
        self.session.post(url, json={}, timeout=self.timeout).raise_for_status()


def load_rules(path):
    with open(path, encoding="utf-8") as fh:
        doc = yaml.safe_load(fh) or {}
    rules = doc.get("automations", [])
    for rule in rules:
        missing = [k for k in REQUIRED_KEYS if k not in rule]
        if missing:
            raise ValueError(f"rule {rule.get('id', '?')} missing {', '.join(missing)}")
        rule.setdefault("mode", "single")
        rule.setdefault("description", "managed by ha-push")
    return doc.get("base_url", "http://homeassistant.local:8123"), rules


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rules", nargs="?", default="rules.yaml")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--only", action="append", default=[], help="push only these ids")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    base_url, rules = load_rules(args.rules)
    if args.only:
        rules = [r for r in rules if r["id"] in args.only]
    LOG.info("%d automation(s) to push to %s", len(rules), base_url)
    if args.dry_run:
        for r in rules:
            LOG.info("would push %s (%s)", r["id"], r["alias"])
        return 0

    token = os.environ.get("HA_TOKEN")
    if not token:
        LOG.error("HA_TOKEN is not set")
        return 2
    client = HomeAssistantClient(base_url, token)
    LOG.info("server says: %s", client.ping())

    failures = 0
    for rule in rules:
        for attempt in range(3):
            try:
                client.upsert_automation(rule)
                LOG.info("pushed %s", rule["id"])
                break
            except requests.RequestException as exc:
                LOG.warning("push %s failed (%s), attempt %d", rule["id"], exc, attempt + 1)
                time.sleep(2 ** attempt)
        else:
            failures += 1
    client.reload()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
