#!/usr/bin/env python3
"""Tiny rule engine for a greenhouse controller (Pi Zero, Alpine container).

Sensor readings arrive on the local mosquitto broker. Conditions are written
by the grower in rules.txt (one per line: NAME | CONDITION | TOPIC | PAYLOAD)
and evaluated against the latest readings. Engine state survives restarts
through a small cache file in the working directory.
"""
import argparse
import json
import logging
import os
import pickle
import subprocess
import time

import paho.mqtt.client as mqtt

log = logging.getLogger("rules")
STATE_FILE = "rules_state.pkl"


class Rule:
    def __init__(self, name, condition, topic, payload):
        self.name, self.condition = name, condition
        self.topic, self.payload = topic, payload
        self.code = compile(condition, f"<rule {name}>", "eval")

    def matches(self, readings):
        scope = {"__builtins__": {}, "min": min, "max": max, "abs": abs}
        return bool(eval(self.code, scope, dict(readings)))


def load_rules(path):
    rules = []
    with open(path) as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            try:
                name, cond, topic, payload = (p.strip() for p in line.split("|"))
                rules.append(Rule(name, cond, topic, payload))
            except (ValueError, SyntaxError) as exc:
                log.error("rules.txt:%d skipped: %s", lineno, exc)
    return rules


def load_state():
    if os.path.exists(STATE_FILE):
        with open(STATE_FILE, "rb") as fh:
            return pickle.load(fh)
    return {"readings": {}, "fired": {}}


def save_state(state):
    with open(STATE_FILE, "wb") as fh:
        pickle.dump(state, fh)


def syslog(msg):
    # busybox logger forwards to the host's syslogd
    subprocess.run(["logger", "-t", "greenhouse", msg], check=False)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default="rules.txt")
    ap.add_argument("--broker", default="127.0.0.1")
    ap.add_argument("--cooldown", type=int, default=300)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    rules = load_rules(args.rules)
    state = load_state()
    log.info("%d rules loaded", len(rules))

    def on_message(client, _userdata, msg):
        key = msg.topic.rsplit("/", 1)[-1]
        try:
            state["readings"][key] = float(msg.payload.decode())
        except ValueError:
            return
        now = time.time()
        for rule in rules:
            try:
                hit = rule.matches(state["readings"])
            except NameError:
                continue  # not all sensors reported yet
            if hit and now - state["fired"].get(rule.name, 0) > args.cooldown:
                client.publish(rule.topic, rule.payload, qos=1)
                state["fired"][rule.name] = now
                syslog(f"rule {rule.name} fired: {json.dumps(state['readings'])}")
        save_state(state)

    client = mqtt.Client(client_id="greenhouse-rules")
    client.on_message = on_message
    client.connect(args.broker, 1883, keepalive=60)
    client.subscribe("greenhouse/sensors/#")
    try:
        client.loop_forever()
    except KeyboardInterrupt:
        save_state(state)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
