#!/usr/bin/env python3
"""Battery bank health report and charge limiter for lighthouse monitoring units.

The monitoring units at the unmanned lights run from a battery charged by a
small solar array. The charge controller driver exposes the bank through the
kernel power-supply class; this script reads it, compares against the
thresholds in battery.toml, writes a JSON report that the weekly maintenance
sheet is filled from, and sets the charge ceiling so the bank is not held at
100% through the summer months.
"""

import argparse
import json
import logging
import sys
import time
import tomllib
from pathlib import Path

log = logging.getLogger("battery")

PS_ROOT = Path("/sys/class/power_supply")
DEFAULTS = {
    "supply": "auto",
    "warn_capacity": 40,
    "warn_health_pct": 75,
    "samples": 3,
    "sample_gap": 2.0,
    "charge_ceiling": 85,
    "winter_ceiling": 100,
    "winter_months": [11, 12, 1, 2],
}


def load_config(path):
    cfg = dict(DEFAULTS)
    p = Path(path)
    if p.exists():
        with p.open("rb") as fh:
            cfg.update(tomllib.load(fh).get("battery", {}))
    return cfg


def find_supply(name):
    if name != "auto":
        path = PS_ROOT / name
        if not path.is_dir():
            raise FileNotFoundError("no power supply %s" % name)
        return path
    for entry in sorted(PS_ROOT.iterdir()):
        if read_attr(entry, "type") == "Battery":
            return entry
    raise FileNotFoundError("no battery found under %s" % PS_ROOT)


def read_attr(dev, attr, cast=str):
    try:
        raw = (dev / attr).read_text().strip()
    except (FileNotFoundError, PermissionError, OSError):
        return None
    try:
        return cast(raw)
    except ValueError:
        return None


def snapshot(dev):
    snap = {
        "status": read_attr(dev, "status"),
        "capacity": read_attr(dev, "capacity", int),
        "voltage_v": read_attr(dev, "voltage_now", int),
        "current_a": read_attr(dev, "current_now", int),
        "charge_full": read_attr(dev, "charge_full", int) or read_attr(dev, "energy_full", int),
        "charge_design": read_attr(dev, "charge_full_design", int) or read_attr(dev, "energy_full_design", int),
        "cycles": read_attr(dev, "cycle_count", int),
        "end_threshold": read_attr(dev, "charge_control_end_threshold", int),
    }
    for key in ("voltage_v", "current_a"):
        if snap[key] is not None:
            snap[key] = round(snap[key] / 1e6, 3)
    return snap


def assess(samples, cfg):
    last = samples[-1]
    notes = []
    if last["capacity"] is not None and last["capacity"] < cfg["warn_capacity"]:
        notes.append("state of charge %d%% below %d%%" % (last["capacity"], cfg["warn_capacity"]))
    health = None
    if last["charge_full"] and last["charge_design"]:
        health = round(100 * last["charge_full"] / last["charge_design"], 1)
        if health < cfg["warn_health_pct"]:
            notes.append("bank health %.1f%% - schedule replacement" % health)
    if all(s["status"] == "Discharging" for s in samples):
        notes.append("discharging throughout sampling window")
    return health, notes


def target_ceiling(cfg):
    month = time.localtime().tm_mon
    return cfg["winter_ceiling"] if month in cfg["winter_months"] else cfg["charge_ceiling"]


def apply_ceiling(dev, ceiling):
    """Set the controller's end-of-charge threshold, if the driver supports it."""
    knob = dev / "charge_control_end_threshold"
    if not knob.exists():
        log.info("driver has no charge threshold control; leaving as is")
        return None
    current = read_attr(dev, "charge_control_end_threshold", int)
    if current == ceiling:
        return current
    start = dev / "charge_control_start_threshold"
    if start.exists():
        lower = max(0, ceiling - 10)
        with open(start, "w") as fh:
            fh.write("%d\n" % lower)
    with open(knob, "w") as fh:
        fh.write("%d\n" % ceiling)
    log.info("charge ceiling %s%% -> %d%%", current, ceiling)
    return ceiling


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="battery.toml")
    ap.add_argument("-o", "--output", default="battery_report.json")
    ap.add_argument("--report-only", action="store_true", help="do not change the charge ceiling")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    try:
        dev = find_supply(cfg["supply"])
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1

    samples = []
    for i in range(cfg["samples"]):
        samples.append(snapshot(dev))
        if i + 1 < cfg["samples"]:
            time.sleep(cfg["sample_gap"])

    health, notes = assess(samples, cfg)
    if not args.report_only:
        try:
            apply_ceiling(dev, target_ceiling(cfg))
        except PermissionError:
            notes.append("could not set charge ceiling (run as the power group or root)")
        samples[-1]["end_threshold"] = read_attr(dev, "charge_control_end_threshold", int)
    report = {
        "supply": dev.name,
        "taken_at": time.strftime("%Y-%m-%d %H:%M:%S"),
        "latest": samples[-1],
        "health_pct": health,
        "notes": notes,
    }
    Path(args.output).write_text(json.dumps(report, indent=2))
    for n in notes:
        log.warning(n)
    log.info("%s: %s%% (%s), report in %s", dev.name, samples[-1]["capacity"],
             samples[-1]["status"], args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
