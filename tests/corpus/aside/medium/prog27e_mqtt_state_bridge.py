#!/usr/bin/env python3
"""Bridge Zigbee2MQTT sensor topics into a compact local state cache.

Subscribes to zigbee2mqtt/+ on the local broker, keeps the latest payload per
device, and persists the cache between restarts with pickle so the dashboard
can start with warm values.
"""
import json
import os
import pickle
import signal
import sys
import time

import paho.mqtt.client as mqtt

BROKER = os.environ.get("MQTT_HOST", "localhost")
PORT = int(os.environ.get("MQTT_PORT", "1883"))
STATE_FILE = "bridge_state.pkl"
TOPIC = "zigbee2mqtt/+"

state = {"devices": {}, "started": time.time()}


def load_state():
    global state
    if os.path.exists(STATE_FILE):
        with open(STATE_FILE, "rb") as fh:
            state = pickle.load(fh)
        print(f"restored {len(state['devices'])} devices from cache")


def save_state():
    with open(STATE_FILE, "wb") as fh:
        pickle.dump(state, fh)


def on_connect(client, userdata, flags, rc, properties=None):
    if rc != 0:
        print(f"broker refused connection: {rc}", file=sys.stderr)
        return
    client.subscribe(TOPIC)
    print(f"subscribed to {TOPIC}")


def on_message(client, userdata, msg):
    device = msg.topic.split("/", 1)[1]
    if device == "bridge":
        return
    try:
        payload = json.loads(msg.payload.decode())
    except (UnicodeDecodeError, json.JSONDecodeError):
        return
    entry = state["devices"].setdefault(device, {})
    entry.update({k: v for k, v in payload.items()
                  if k in ("temperature", "humidity", "battery",
                           "linkquality", "occupancy", "contact")})
    entry["seen"] = time.time()
    summary = ", ".join(f"{k}={v}" for k, v in entry.items() if k != "seen")
    print(f"{device}: {summary}")
    client.publish(f"home/sensors/{device}", json.dumps(entry), retain=True)


def main():
    load_state()
    client = mqtt.Client(client_id="z2m-state-bridge")
    client.on_connect = on_connect
    client.on_message = on_message
    client.connect(BROKER, PORT, keepalive=60)

    def shutdown(signum, frame):
        save_state()
        client.disconnect()
        sys.exit(0)

    signal.signal(signal.SIGINT, shutdown)
    signal.signal(signal.SIGTERM, shutdown)

    client.loop_start()
    try:
        while True:
            time.sleep(30)
            save_state()
    finally:
        client.loop_stop()
        save_state()


if __name__ == "__main__":
    main()
