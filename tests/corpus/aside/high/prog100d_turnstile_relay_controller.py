#!/usr/bin/env python3
"""Turnstile relay controller for the trampoline park entry gates.

The gate PC is a small ARM board; each turnstile's release solenoid is
wired through a relay on a GPIO line and the "passed" sensor on another.
The check-in app drops a JSON line per approved wristband into a spool
file; this watches the spool, pulses the right relay, waits for the pass
sensor and logs the outcome.  Config lives in gates.json:

    {"gates": {"A": {"relay": 17, "sensor": 27}, "B": {"relay": 22, "sensor": 23}},
     "pulse_ms": 600, "pass_timeout_s": 8}
"""
import argparse
import json
import logging
import os
import time
from pathlib import Path

log = logging.getLogger("turnstile")

GPIO_ROOT = Path("/sys/class/gpio")


class GpioLine:
    def __init__(self, number, direction):
        self.number = number
        self.path = GPIO_ROOT / f"gpio{number}"
        self._export()
        self._write("direction", direction)
        if direction == "in":
            self._write("edge", "rising")

    def _export(self):
        if not self.path.exists():
            (GPIO_ROOT / "export").write_text(str(self.number))
            for _ in range(50):           # udev needs a moment to create the node
                if (self.path / "direction").exists():
                    break
                time.sleep(0.02)

    def _write(self, attr, value):
        with open(self.path / attr, "w") as fh:
            fh.write(value)

    def set(self, on):
        self._write("value", "1" if on else "0")

    def get(self):
        return (self.path / "value").read_text().strip() == "1"

    def release(self):
        try:
            (GPIO_ROOT / "unexport").write_text(str(self.number))
        except OSError:
            pass


class Gate:
    def __init__(self, name, relay, sensor, pulse_ms, timeout):
        self.name = name
        self.relay = GpioLine(relay, "out")
        self.sensor = GpioLine(sensor, "in")
        self.pulse = pulse_ms / 1000.0
        self.timeout = timeout
        self.relay.set(False)

    def admit(self):
        self.relay.set(True)
        time.sleep(self.pulse)
        self.relay.set(False)
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            if self.sensor.get():
                return True
            time.sleep(0.05)
        return False


def follow(spool):
    """Yield new JSON lines appended to the spool file (tail -f style)."""
    spool.touch(exist_ok=True)
    with open(spool) as fh:
        fh.seek(0, os.SEEK_END)
        while True:
            line = fh.readline()
            if not line:
                time.sleep(0.1)
                continue
            try:
                yield json.loads(line)
            except json.JSONDecodeError:
                log.warning("bad spool line: %r", line[:80])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="gates.json")
    ap.add_argument("--spool", default="approved.jsonl")
    ap.add_argument("--outcomes", default="gate_outcomes.jsonl")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = json.loads(Path(args.config).read_text())
    gates = {name: Gate(name, g["relay"], g["sensor"], cfg.get("pulse_ms", 600),
                        cfg.get("pass_timeout_s", 8))
             for name, g in cfg["gates"].items()}
    log.info("gates ready: %s", ", ".join(sorted(gates)))
    try:
        with open(args.outcomes, "a") as out:
            for ev in follow(Path(args.spool)):
                gate = gates.get(ev.get("gate"))
                if gate is None:
                    log.warning("event for unknown gate %s", ev.get("gate"))
                    continue
                passed = gate.admit()
                log.info("gate %s band %s: %s", gate.name, ev.get("band"),
                         "passed" if passed else "no pass")
                out.write(json.dumps({"ts": time.time(), "gate": gate.name,
                                      "band": ev.get("band"), "passed": passed}) + "\n")
                out.flush()
    except KeyboardInterrupt:
        pass
    finally:
        for g in gates.values():
            g.relay.set(False)
            g.relay.release()
            g.sensor.release()


if __name__ == "__main__":
    main()
