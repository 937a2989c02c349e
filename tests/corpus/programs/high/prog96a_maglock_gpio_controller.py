#!/usr/bin/env python3
"""Maglock controller for escape-room doors and cabinets.

Runs on the room's Raspberry Pi. Each maglock is driven through a relay on a
GPIO line; the game engine publishes lock/unlock commands over MQTT and this
daemon applies them and reports the resulting state back. On startup every
lock is engaged, and the emergency-release topic opens everything at once.

Usage:
    maglock_gpio_controller.py --config locks.json
"""

import argparse
import json
import logging
import signal
import sys
import threading
import time
from pathlib import Path

import paho.mqtt.client as mqtt

log = logging.getLogger("maglocks")

SYSFS = Path("/sys/class/gpio")


class GpioLine:
    """A single output line driven through the sysfs GPIO interface."""

    def __init__(self, number, active_low=False):
        self.number = int(number)
        self.active_low = active_low
        self.path = SYSFS / f"gpio{self.number}"

    def _write(self, path, value):
        with open(path, "w") as fh:
            fh.write(str(value))

    def setup(self):
        if not self.path.exists():
            self._write(SYSFS / "export", self.number)
            for _ in range(50):  # udev needs a moment to create the node
                if (self.path / "direction").exists():
                    break
                time.sleep(0.02)
        self._write(self.path / "direction", "out")
        self._write(self.path / "active_low", 1 if self.active_low else 0)

    def set(self, on):
        self._write(self.path / "value", 1 if on else 0)

    def release(self):
        try:
            self._write(SYSFS / "unexport", self.number)
        except OSError:
            pass


class LockBank:
    def __init__(self, cfg):
        self.room = cfg["room"]
        self.locks = {name: GpioLine(spec["gpio"], spec.get("active_low", False))
                      for name, spec in cfg["locks"].items()}
        self.state = {}
        self._mutex = threading.Lock()

    def setup(self):
        for name, line in self.locks.items():
            line.setup()
            self.engage(name)

    def engage(self, name):
        with self._mutex:
            self.locks[name].set(True)
            self.state[name] = "locked"

    def release(self, name):
        with self._mutex:
            self.locks[name].set(False)
            self.state[name] = "open"

    def release_all(self):
        for name in self.locks:
            self.release(name)

    def shutdown(self):
        self.release_all()  # fail open: never trap players if the daemon dies
        for line in self.locks.values():
            line.release()


def main(argv=None):
    ap = argparse.ArgumentParser(description="MQTT-driven maglock controller")
    ap.add_argument("--config", default="locks.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = json.loads(Path(args.config).read_text())
    bank = LockBank(cfg)
    bank.setup()
    base = f"rooms/{bank.room}/locks"

    def publish_state(client):
        client.publish(f"{base}/state", json.dumps(bank.state), retain=True)

    def on_connect(client, userdata, flags, rc, *extra):
        client.subscribe(f"{base}/+/set")
        client.subscribe(f"rooms/{bank.room}/emergency")
        publish_state(client)
        log.info("connected to broker, %d locks engaged", len(bank.locks))

    def on_message(client, userdata, msg):
        parts = msg.topic.split("/")
        payload = msg.payload.decode(errors="replace").strip().lower()
        if parts[-1] == "emergency":
            log.warning("emergency release requested")
            bank.release_all()
        elif len(parts) >= 2 and parts[-2] in bank.locks:
            name = parts[-2]
            (bank.release if payload in ("open", "0", "off") else bank.engage)(name)
            log.info("%s -> %s", name, bank.state[name])
        publish_state(client)

    client = mqtt.Client(client_id=f"maglocks-{bank.room}")
    client.on_connect = on_connect
    client.on_message = on_message
    client.will_set(f"{base}/online", "0", retain=True)

    def stop(signum, frame):
        log.info("signal %d, opening all locks and exiting", signum)
        bank.shutdown()
        client.disconnect()
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    client.connect(cfg.get("broker", "localhost"), cfg.get("port", 1883), keepalive=30)
    client.loop_forever(retry_first_connection=True)


if __name__ == "__main__":
    main()
