#!/usr/bin/env python3
"""Keep the house under the main fuse limit while the EV charges.

Reads whole-house power from a Shelly EM on the incomer every few seconds.
If the total goes above the limit, the charger's enable input is opened via
a relay HAT on the Raspberry Pi; when the load drops back below the limit
minus a hysteresis band for long enough, charging is enabled again.
"""
import argparse
import logging
import signal
import time
from collections import deque
from pathlib import Path

import requests

log = logging.getLogger("ev-load-shed")


class SysfsRelay:
    """Relay on a GPIO line driven through the sysfs interface."""

    root = Path("/sys/class/gpio")

    def __init__(self, line, active_low=False):
        self.line = line
        self.active_low = active_low
        self.node = self.root / f"gpio{line}"

    def setup(self):
        if not self.node.exists():
            (self.root / "export").write_text(str(self.line))
            for _ in range(20):             # udev needs a moment to create the node
                if (self.node / "direction").exists():
                    break
                time.sleep(0.05)
        (self.node / "direction").write_text("out")
        (self.node / "active_low").write_text("1" if self.active_low else "0")

    def set(self, on):
        (self.node / "value").write_text("1" if on else "0")

    def get(self):
        return (self.node / "value").read_text().strip() == "1"

    def release(self):
        if self.node.exists():
            (self.root / "unexport").write_text(str(self.line))


class ShellyEM:
    def __init__(self, host, channel=0, timeout=3):
        self.url = f"http://{host}/emeter/{channel}"
        self.timeout = timeout
        self.session = requests.Session()

    def power_w(self):
        r = self.session.get(self.url, timeout=self.timeout)
        r.raise_for_status()
        return float(r.json()["power"])


class Balancer:
    def __init__(self, meter, relay, limit_w, hysteresis_w, resume_after):
        self.meter, self.relay = meter, relay
        self.limit_w, self.hysteresis_w = limit_w, hysteresis_w
        self.resume_after = resume_after
        self.window = deque(maxlen=5)
        self.below_since = None
        self.charging = True

    def step(self):
        self.window.append(self.meter.power_w())
        avg = sum(self.window) / len(self.window)
        now = time.monotonic()
        if self.charging and avg > self.limit_w:
            self.relay.set(False)
            self.charging = False
            self.below_since = None
            log.warning("house load %.0f W > %.0f W, charger paused", avg, self.limit_w)
        elif not self.charging:
            if avg < self.limit_w - self.hysteresis_w:
                self.below_since = self.below_since or now
                if now - self.below_since >= self.resume_after:
                    self.relay.set(True)
                    self.charging = True
                    log.info("house load %.0f W, charger resumed", avg)
            else:
                self.below_since = None
        return avg


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--meter", default="shelly-em.local")
    ap.add_argument("--channel", type=int, default=0)
    ap.add_argument("--gpio", type=int, default=17, help="BCM line of the relay")
    ap.add_argument("--active-low", action="store_true")
    ap.add_argument("--limit", type=float, default=13800.0, help="W (60 A at 230 V)")
    ap.add_argument("--hysteresis", type=float, default=1500.0)
    ap.add_argument("--resume-after", type=float, default=120.0, help="seconds")
    ap.add_argument("--period", type=float, default=2.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    relay = SysfsRelay(args.gpio, args.active_low)
    relay.setup()
    relay.set(True)
    balancer = Balancer(ShellyEM(args.meter, args.channel), relay,
                        args.limit, args.hysteresis, args.resume_after)

    running = True

    def stop(*_):
        nonlocal running
        running = False

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    failures = 0
    while running:
        try:
            balancer.step()
            failures = 0
        except (requests.RequestException, KeyError, ValueError) as exc:
            failures += 1
            log.warning("meter read failed (%d): %s", failures, exc)
            if failures >= 5 and balancer.charging:
                relay.set(False)
                balancer.charging = False
                log.error("meter unreachable, pausing charger until it is back")
        time.sleep(args.period)

    relay.set(True)        # leave the charger enabled when we exit
    relay.release()


if __name__ == "__main__":
    main()
