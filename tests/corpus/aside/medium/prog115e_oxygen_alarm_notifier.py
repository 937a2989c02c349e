#!/usr/bin/env python3
"""Dissolved-oxygen alarm notifier for sea pens.

Watches the latest readings file written by the probe poller
(./readings/latest.json) and sends an SMS through the site's SMS gateway when
a pen's dissolved oxygen drops below its threshold or saturation falls off.
Thresholds, recipients and quiet periods live in alarm.yaml.
"""
import argparse
import json
import logging
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import requests
import yaml

LOG = logging.getLogger("do-alarm")
STATE = Path(".do_alarm_state.json")
SMS_URL = "https://sms.fjordtext.example/v1/messages"


@dataclass
class Rule:
    pen: str
    min_mg_l: float
    min_sat_pct: float = 60.0
    cooldown_s: int = 900
    recipients: list = field(default_factory=list)


def load_rules(path):
    loader = getattr(yaml, "CLoader", yaml.Loader)
    with open(path, encoding="utf-8") as fh:
        doc = yaml.load(fh, Loader=loader)
    defaults = doc.get("defaults", {})
    rules = {}
    for pen, spec in (doc.get("pens") or {}).items():
        merged = {**defaults, **(spec or {})}
        rules[str(pen)] = Rule(
            pen=str(pen),
            min_mg_l=float(merged.get("min_mg_l", 6.0)),
            min_sat_pct=float(merged.get("min_sat_pct", 60.0)),
            cooldown_s=int(merged.get("cooldown_s", 900)),
            recipients=list(merged.get("recipients", [])),
        )
    return rules


def read_latest(path):
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        LOG.warning("cannot read readings: %s", exc)
        return {}
    return {str(r["pen"]): r for r in data.get("readings", []) if "pen" in r}


def load_state():
    try:
        return json.loads(STATE.read_text())
    except (OSError, ValueError):
        return {}


def save_state(state):
    STATE.write_text(json.dumps(state))


def breach(rule, reading):
    do = reading.get("do_mg_l")
    sat = reading.get("do_sat_pct")
    if do is not None and do < rule.min_mg_l:
        return f"pen {rule.pen}: DO {do:.2f} mg/l below {rule.min_mg_l:.1f}"
    if sat is not None and sat < rule.min_sat_pct:
        return f"pen {rule.pen}: saturation {sat:.0f}% below {rule.min_sat_pct:.0f}%"
    return None


def send_sms(api_key, recipients, text, sender="DO-ALARM"):
    resp = requests.post(SMS_URL, timeout=15,
                         headers={"Authorization": f"Bearer {api_key}"},
                         json={"from": sender, "to": recipients, "text": text})
    resp.raise_for_status()


def check_once(rules, readings_path, api_key, state, dry_run=False):
    now = time.time()
    for pen, reading in read_latest(readings_path).items():
        rule = rules.get(pen)
        if rule is None:
            continue
        message = breach(rule, reading)
        if not message:
            state.pop(pen, None)
            continue
        if now - state.get(pen, 0) < rule.cooldown_s:
            LOG.debug("%s (in cooldown)", message)
            continue
        LOG.warning(message)
        if dry_run or not rule.recipients:
            continue
        try:
            send_sms(api_key, rule.recipients, message)
            state[pen] = now
        except requests.RequestException as exc:
            LOG.error("SMS failed for pen %s: %s", pen, exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="alarm.yaml")
    ap.add_argument("--readings", default="readings/latest.json")
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("SMS_API_KEY", "")
    if not api_key and not args.dry_run:
        LOG.error("SMS_API_KEY is not set")
        return 2
    rules = load_rules(args.config)
    LOG.info("watching %d pens", len(rules))
    state = load_state()
    while True:
        check_once(rules, args.readings, api_key, state, args.dry_run)
        save_state(state)
        time.sleep(args.interval)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(0)
