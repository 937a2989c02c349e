#!/usr/bin/env python3
"""vivarium_pwm_heater - PID thermostat for a reptile vivarium on a Pi.

Reads the basking-spot DS18B20 probe through the kernel 1-wire driver and
drives a heat mat / ceramic emitter through a zero-cross SSR wired to the
Pi's hardware PWM channel.  Day/night set points come from vivarium.json.
"""
import argparse
import csv
import datetime as dt
import glob
import json
import logging
import sys
import time
from pathlib import Path

log = logging.getLogger("heat")

DEFAULTS = {
    "probe_glob": "/sys/bus/w1/devices/28-*/w1_slave",
    "pwm_chip": "/sys/class/pwm/pwmchip0",
    "pwm_channel": 0,
    "pwm_period_ns": 1_000_000_000,
    "day_setpoint": 34.0,
    "night_setpoint": 26.0,
    "day_start": "08:00",
    "night_start": "20:00",
    "cycle_seconds": 30,
    "kp": 0.35, "ki": 0.004, "kd": 1.2,
    "max_temp": 40.0,
    "log_file": "heat_log.csv",
}


class PID:
    def __init__(self, kp, ki, kd, lo=0.0, hi=1.0):
        self.kp, self.ki, self.kd = kp, ki, kd
        self.lo, self.hi = lo, hi
        self.integral = 0.0
        self.prev_error = None

    def update(self, error, dt_s):
        self.integral += error * dt_s
        self.integral = max(min(self.integral, self.hi / max(self.ki, 1e-9)), self.lo)
        deriv = 0.0 if self.prev_error is None else (error - self.prev_error) / dt_s
        self.prev_error = error
        out = self.kp * error + self.ki * self.integral + self.kd * deriv
        return max(self.lo, min(self.hi, out))


def read_probe(pattern):
    paths = sorted(glob.glob(pattern))
    if not paths:
        raise FileNotFoundError(f"no 1-wire probe matching {pattern}")
    lines = Path(paths[0]).read_text().splitlines()
    if not lines or not lines[0].strip().endswith("YES"):
        raise ValueError("probe CRC check failed")
    return int(lines[1].rsplit("t=", 1)[1]) / 1000.0


def setpoint(cfg, now=None):
    now = (now or dt.datetime.now()).strftime("%H:%M")
    if cfg["day_start"] <= now < cfg["night_start"]:
        return cfg["day_setpoint"]
    return cfg["night_setpoint"]


class HeaterOutput:
    """Hardware PWM channel exposed by the kernel pwm class driver."""

    def __init__(self, chip, channel, period_ns):
        self.chip = Path(chip)
        self.node = self.chip / f"pwm{channel}"
        self.channel = channel
        self.period_ns = period_ns

    @staticmethod
    def _write(path, value):
        with open(path, "w") as fh:
            fh.write(str(value))

    def setup(self):
        if not self.node.exists():
            self._write(self.chip / "export", self.channel)
            for _ in range(20):  # udev needs a moment to create the node
                if (self.node / "period").exists():
                    break
                time.sleep(0.1)
        self._write(self.node / "duty_cycle", 0)
        self._write(self.node / "period", self.period_ns)
        self._write(self.node / "enable", 1)

    def set_duty(self, duty):
        self._write(self.node / "duty_cycle", int(self.period_ns * duty))

    def shutdown(self):
        try:
            self.set_duty(0)
            self._write(self.node / "enable", 0)
            self._write(self.chip / "unexport", self.channel)
        except OSError as exc:
            log.warning("could not release pwm channel: %s", exc)


def load_config(path):
    cfg = dict(DEFAULTS)
    if path.exists():
        cfg.update(json.loads(path.read_text()))
    return cfg


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", type=Path, default=Path("vivarium.json"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    pid = PID(cfg["kp"], cfg["ki"], cfg["kd"])
    heater = HeaterOutput(cfg["pwm_chip"], cfg["pwm_channel"], cfg["pwm_period_ns"])
    cycle = cfg["cycle_seconds"]

    try:
        heater.setup()
    except OSError as exc:
        log.error("cannot set up pwm output: %s", exc)
        return 1

    try:
        with open(cfg["log_file"], "a", newline="") as fh:
            writer = csv.writer(fh)
            while True:
                try:
                    temp = read_probe(cfg["probe_glob"])
                except (OSError, ValueError, IndexError) as exc:
                    log.error("probe read failed, heater off: %s", exc)
                    heater.set_duty(0)
                    time.sleep(cycle)
                    continue
                target = setpoint(cfg)
                if temp >= cfg["max_temp"]:
                    log.warning("%.2f C above cut-out, forcing heater off", temp)
                    duty = 0.0
                else:
                    duty = pid.update(target - temp, cycle)
                heater.set_duty(duty)
                writer.writerow([dt.datetime.now().isoformat(timespec="seconds"), f"{temp:.2f}", target, f"{duty:.2f}"])
                fh.flush()
                log.debug("temp %.2f target %.1f duty %.2f", temp, target, duty)
                time.sleep(cycle)
    except KeyboardInterrupt:
        pass
    finally:
        heater.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
