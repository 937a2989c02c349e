#!/usr/bin/env python3
"""Tiny rule engine for Zigbee2MQTT events.

Rules live in ./rules.yaml, e.g.

    - name: hallway night light
      topic: zigbee2mqtt/hall_motion
      when: "payload['occupancy'] and hour >= 22"
      publish: {topic: zigbee2mqtt/hall_lamp/set, payload: {state: "ON", brightness: 40}}

Conditions are Python expressions evaluated against the incoming payload.
"""
import argparse
import datetime
import json
import logging
import signal
import sys

import paho.mqtt.client as mqtt
import yaml

log = logging.getLogger("z2m-rules")


class Rule:
    def __init__(self, spec: dict):
        self.name = spec["name"]
        self.topic = spec["topic"]
        self.condition = spec.get("when", "True")
        self.action = spec["publish"]
        self._code = compile(self.condition, f"<rule {self.name}>", "eval")

    def matches(self, topic: str, payload: dict) -> bool:
        if topic != self.topic:
            return False
        now = datetime.datetime.now()
        scope = {"payload": payload, "hour": now.hour, "minute": now.minute, "weekday": now.weekday()}
        try:
            return bool(eval(self._code, {"__builtins__": {}}, scope))
        except Exception as exc:  # noqa: BLE001 - a broken rule must not kill the loop
            log.warning("rule %s failed: %s", self.name, exc)
            return False


def load_rules(path: str) -> list[Rule]:
    with open(path, encoding="utf-8") as fh:
        specs = yaml.load(fh, Loader=yaml.Loader)
    rules = [Rule(s) for s in specs or []]
    log.info("loaded %d rules from %s", len(rules), path)
    return rules


class Engine:
    def __init__(self, broker: str, port: int, rules_path: str):
        self.rules_path = rules_path
        self.rules = load_rules(rules_path)
        self.client = mqtt.Client(client_id="z2m-rules")
        self.client.on_connect = self.on_connect
        self.client.on_message = self.on_message
        self.broker, self.port = broker, port

    def on_connect(self, client, userdata, flags, rc):
        for topic in {r.topic for r in self.rules}:
            client.subscribe(topic)
        log.info("connected to %s, rc=%s", self.broker, rc)

    def on_message(self, client, userdata, msg):
        try:
            payload = json.loads(msg.payload or b"{}")
        except ValueError:
            return
        for rule in self.rules:
            if rule.matches(msg.topic, payload):
                out = rule.action
                client.publish(out["topic"], json.dumps(out.get("payload", {})))
                log.info("fired %s", rule.name)

    def reload(self, *_):
        try:
            self.rules = load_rules(self.rules_path)
        except (OSError, yaml.YAMLError, SyntaxError) as exc:
            log.error("reload failed, keeping old rules: %s", exc)

    def run(self):
        self.client.connect(self.broker, self.port, keepalive=60)
        self.client.loop_forever()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--broker", default="mqtt.lan")
    ap.add_argument("--port", type=int, default=1883)
    ap.add_argument("--rules", default="rules.yaml")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    engine = Engine(args.broker, args.port, args.rules)
    signal.signal(signal.SIGHUP, engine.reload)
    try:
        engine.run()
    except KeyboardInterrupt:
        sys.exit(0)


if __name__ == "__main__":
    main()
