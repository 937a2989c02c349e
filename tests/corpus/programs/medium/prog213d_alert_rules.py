#!/usr/bin/env python3
"""Evaluate grow-room alert rules against the latest sensor snapshot.

Rules live in ./alert_rules.yaml, each with a Python expression over the
snapshot fields, e.g.:

    - name: ph_high
      when: "ph > 6.5 and pump_on"
      severity: warn

Firing alerts are posted to the alerting API and logged to syslog.
"""

import argparse
import json
import logging
import os
import subprocess
import sys

import requests
import urllib3
import yaml

LOG = logging.getLogger("alert-rules")

ALERT_API = "https://alerts.example.com/v1/events"

DEFAULT_RULES = """
- name: ph_high
  when: "ph > 6.5"
  severity: warn
- name: ec_low
  when: "ec < 1.2 and stage == 'veg'"
  severity: warn
- name: water_hot
  when: "water_temp > 26"
  severity: crit
"""


class RuleSet:
    def __init__(self, path):
        self.path = path
        self.rules = []

    def load(self):
        if not os.path.exists(self.path):
            with open(self.path, "w") as fh:
                fh.write(DEFAULT_RULES.lstrip())
        with open(self.path) as fh:
            self.rules = yaml.load(fh, Loader=yaml.Loader) or []
        LOG.info("loaded %d rules from %s", len(self.rules), self.path)

    def evaluate(self, snapshot):
        fired = []
        for rule in self.rules:
            try:
                if eval(rule["when"], {"__builtins__": {}}, dict(snapshot)):
                    fired.append(rule)
            except Exception as exc:
                LOG.warning("rule %s failed: %s", rule.get("name"), exc)
        return fired


class AlertClient:
    def __init__(self, url, api_key, verify_tls):
        self.url = url
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {api_key}"
        self.session.verify = verify_tls
        if not verify_tls:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def send(self, rule, snapshot):
        event = {"rule": rule["name"], "severity": rule.get("severity", "warn"),
                 "room": snapshot.get("room"), "snapshot": snapshot}
        resp = self.session.post(self.url, json=event, timeout=10)
        resp.raise_for_status()


def syslog(message):
    env = dict(os.environ, ALERT_MSG=message)
    subprocess.run(["bash", "-c", 'logger -t hydro-alerts -- "$ALERT_MSG"'],
                   env=env, check=False)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rules", default="alert_rules.yaml")
    ap.add_argument("--snapshot", default="snapshot.json")
    ap.add_argument("--api", default=ALERT_API)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        with open(args.snapshot) as fh:
            snapshot = json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        LOG.error("cannot read snapshot: %s", exc)
        return 1

    rules = RuleSet(args.rules)
    rules.load()
    fired = rules.evaluate(snapshot)
    if not fired:
        LOG.info("no alerts")
        return 0

    # the gateway's alert proxy uses a self-signed cert
    client = AlertClient(args.api, os.environ.get("HYDRO_ALERTS_KEY", ""), verify_tls=False)
    for rule in fired:
        msg = f"{rule['name']} ({rule.get('severity', 'warn')}) in {snapshot.get('room', '?')}"
        LOG.warning("ALERT %s", msg)
        syslog(msg)
        if args.dry_run:
            continue
        try:
            client.send(rule, snapshot)
        except requests.RequestException as exc:
            LOG.error("could not post alert %s: %s", rule["name"], exc)
    return 2 if any(r.get("severity") == "crit" for r in fired) else 0


if __name__ == "__main__":
    sys.exit(main())
