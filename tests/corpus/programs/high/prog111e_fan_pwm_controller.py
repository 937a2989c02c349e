#!/usr/bin/env python3
"""Fruiting room exhaust fan controller.

Reads CO2 and humidity from the room's sensor node and drives the EC exhaust
fan through the Pi's hardware PWM (pwmchip0) plus the humidifier relay on a
GPIO line. Fan speed follows CO2 between a floor and ceiling; the humidifier
is switched with hysteresis around the RH setpoint.
"""
import argparse
import json
import logging
import signal
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("fanctl")

PWM_CHIP = Path("/sys/class/pwm/pwmchip0")
GPIO_ROOT = Path("/sys/class/gpio")
PERIOD_NS = 40_000          # 25 kHz, what EC fans expect


def _write(path, value):
    path.write_text(f"{value}\n")


class PwmChannel:
    def __init__(self, chip, channel):
        self.chip = chip
        self.channel = channel
        self.dir = chip / f"pwm{channel}"

    def setup(self, period_ns=PERIOD_NS):
        if not self.dir.exists():
            _write(self.chip / "export", self.channel)
            for _ in range(20):          # udev needs a moment to create the node
                if (self.dir / "period").exists():
                    break
                time.sleep(0.05)
        _write(self.dir / "period", period_ns)
        _write(self.dir / "duty_cycle", 0)
        _write(self.dir / "enable", 1)
        self.period = period_ns

    def set_percent(self, pct):
        pct = max(0.0, min(100.0, pct))
        _write(self.dir / "duty_cycle", int(self.period * pct / 100))

    def release(self):
        try:
            _write(self.dir / "enable", 0)
            _write(self.chip / "unexport", self.channel)
        except OSError as exc:
            LOG.warning("could not release pwm%d: %s", self.channel, exc)


class GpioRelay:
    def __init__(self, line):
        self.line = line
        self.dir = GPIO_ROOT / f"gpio{line}"
        self.state = None

    def setup(self):
        if not self.dir.exists():
            _write(GPIO_ROOT / "export", self.line)
            time.sleep(0.1)
        _write(self.dir / "direction", "out")
        self.set(False)

    def set(self, on):
        if on != self.state:
            _write(self.dir / "value", 1 if on else 0)
            self.state = on
            LOG.info("humidifier %s", "ON" if on else "OFF")


def fan_percent(co2, lo, hi, floor):
    if co2 <= lo:
        return floor
    if co2 >= hi:
        return 100.0
    return floor + (100.0 - floor) * (co2 - lo) / (hi - lo)


def read_sensor(url):
    r = requests.get(url, timeout=5)
    r.raise_for_status()
    d = r.json()
    return float(d["co2"]), float(d["humidity"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="fanctl.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    cfg = {"sensor_url": "http://10.0.4.21/sensor.json", "pwm_channel": 0,
           "humidifier_gpio": 17, "co2_low": 800, "co2_high": 1500,
           "fan_floor": 20.0, "rh_target": 88.0, "rh_band": 3.0, "interval": 15}
    if Path(args.config).is_file():
        cfg.update(json.loads(Path(args.config).read_text()))

    fan = PwmChannel(PWM_CHIP, int(cfg["pwm_channel"]))
    relay = GpioRelay(int(cfg["humidifier_gpio"]))
    try:
        fan.setup()
        relay.setup()
    except PermissionError:
        LOG.error("no write access to %s / %s", PWM_CHIP, GPIO_ROOT)
        return 1

    def shutdown(*_):
        fan.set_percent(100)      # on shutdown leave the room fully extracted
        relay.set(False)
        sys.exit(0)
    signal.signal(signal.SIGTERM, shutdown)
    signal.signal(signal.SIGINT, shutdown)

    while True:
        try:
            co2, rh = read_sensor(cfg["sensor_url"])
        except (requests.RequestException, KeyError, ValueError) as exc:
            LOG.warning("sensor read failed, fan to 100%%: %s", exc)
            fan.set_percent(100)
            time.sleep(cfg["interval"])
            continue
        pct = fan_percent(co2, cfg["co2_low"], cfg["co2_high"], cfg["fan_floor"])
        fan.set_percent(pct)
        if rh < cfg["rh_target"] - cfg["rh_band"]:
            relay.set(True)
        elif rh > cfg["rh_target"] + cfg["rh_band"]:
            relay.set(False)
        LOG.debug("CO2 %.0f ppm RH %.1f%% fan %.0f%%", co2, rh, pct)
        time.sleep(cfg["interval"])


if __name__ == "__main__":
    sys.exit(main())
