#!/usr/bin/env python3
"""Depuration tank cycle controller.

Drives the relay board on the depuration room Pi: recirculation pump, UV
steriliser and chiller for each tank. A cycle runs the pump and UV for the
programme's minimum depuration time (44 h by default) and records start,
interruptions and finish in ./depur_state.json, which the batch paperwork
reads. After a power cut the cycle resumes and the clock restarts, as the
approved depuration programme requires.

    depuration_cycle_ctl.py start T2 --lot 24-0612-GB04
    depuration_cycle_ctl.py status
    depuration_cycle_ctl.py stop T2
"""
import argparse
import json
import logging
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("depur_ctl")

STATE_FILE = Path("depur_state.json")
MIN_HOURS = 44

# BCM pin numbers on the relay HAT, per tank
TANK_PINS = {
    "T1": {"pump": 5, "uv": 6, "chiller": 13},
    "T2": {"pump": 19, "uv": 26, "chiller": 21},
    "T3": {"pump": 20, "uv": 16, "chiller": 12},
}


class SysfsPin:
    """Relay output via the kernel's sysfs GPIO interface (relays are active-low)."""

    base = Path("/sys/class/gpio")

    def __init__(self, number):
        self.number = number
        self.path = self.base / f"gpio{number}"

    def _write(self, path, value):
        with open(path, "w") as fh:
            fh.write(str(value))

    def setup(self):
        if not self.path.exists():
            self._write(self.base / "export", self.number)
            for _ in range(20):          # udev needs a moment to create the node
                if (self.path / "direction").exists():
                    break
                time.sleep(0.05)
        self._write(self.path / "direction", "high")   # output, relay off

    def set(self, on):
        self._write(self.path / "value", 0 if on else 1)

    def get(self):
        return (self.path / "value").read_text().strip() == "0"


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def save_state(state):
    tmp = STATE_FILE.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2))
    tmp.replace(STATE_FILE)


def pins_for(tank):
    try:
        return {name: SysfsPin(n) for name, n in TANK_PINS[tank].items()}
    except KeyError:
        raise SystemExit(f"unknown tank {tank}; known: {', '.join(TANK_PINS)}")


def set_outputs(tank, on, chiller=True):
    pins = pins_for(tank)
    for name, pin in pins.items():
        pin.setup()
        if name == "chiller" and not chiller:
            continue
        pin.set(on)
        log.info("%s %s -> %s", tank, name, "on" if on else "off")


def cmd_start(args):
    state = load_state()
    if state.get(args.tank, {}).get("running"):
        log.error("%s already running lot %s", args.tank, state[args.tank]["lot"])
        return 1
    set_outputs(args.tank, True, chiller=not args.no_chiller)
    now = datetime.now()
    state[args.tank] = {
        "lot": args.lot,
        "running": True,
        "started": now.isoformat(timespec="seconds"),
        "due": (now + timedelta(hours=args.hours)).isoformat(timespec="seconds"),
        "interruptions": [],
    }
    save_state(state)
    log.info("%s started for lot %s, due %s", args.tank, args.lot, state[args.tank]["due"])
    return 0


def cmd_stop(args):
    state = load_state()
    entry = state.get(args.tank)
    if not entry or not entry.get("running"):
        log.warning("%s is not running", args.tank)
    set_outputs(args.tank, False)
    if entry:
        entry["running"] = False
        entry["stopped"] = datetime.now().isoformat(timespec="seconds")
        entry["complete"] = datetime.now() >= datetime.fromisoformat(entry["due"])
        save_state(state)
    return 0


def cmd_status(args):
    state = load_state()
    for tank in TANK_PINS:
        entry = state.get(tank)
        if not entry:
            print(f"{tank}: idle")
            continue
        pins = pins_for(tank)
        live = {n: p.get() for n, p in pins.items() if p.path.exists()}
        print(f"{tank}: lot {entry['lot']} running={entry['running']} due {entry['due']} relays={live}")
    return 0


def cmd_resume(args):
    """Called from the boot script: re-energise and restart the clock after a power loss."""
    state = load_state()
    for tank, entry in state.items():
        if not entry.get("running"):
            continue
        now = datetime.now()
        entry["interruptions"].append(now.isoformat(timespec="seconds"))
        entry["due"] = (now + timedelta(hours=args.hours)).isoformat(timespec="seconds")
        set_outputs(tank, True)
        log.warning("%s resumed after interruption, new due %s", tank, entry["due"])
    save_state(state)
    return 0


def main():
    ap = argparse.ArgumentParser(description="Depuration tank cycle controller")
    ap.add_argument("--hours", type=float, default=MIN_HOURS)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("start")
    p.add_argument("tank")
    p.add_argument("--lot", required=True)
    p.add_argument("--no-chiller", action="store_true")
    p = sub.add_parser("stop")
    p.add_argument("tank")
    sub.add_parser("status")
    sub.add_parser("resume")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    handler = {"start": cmd_start, "stop": cmd_stop, "status": cmd_status, "resume": cmd_resume}
    try:
        return handler[args.cmd](args)
    except PermissionError as exc:
        log.error("no access to GPIO (%s); is this user in the gpio group?", exc)
        return 2


if __name__ == "__main__":
    sys.exit(main())
