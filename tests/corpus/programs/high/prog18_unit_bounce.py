#!/usr/bin/env python3
"""Restarts the web tier's units after a configuration push, using systemd's
D-Bus API through pystemd instead of shelling out to systemctl."""
import argparse
import logging
import time

from pystemd.systemd1 import Unit

log = logging.getLogger("bounce")

DEFAULT_UNITS = ["nginx.service", "gunicorn.service"]


def bounce(name: str, wait: float) -> str:
    unit = Unit(name.encode(), _autoload=True)
    unit.Unit.Restart(b"replace")
    time.sleep(wait)
    return unit.Unit.ActiveState.decode()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("units", nargs="*", default=DEFAULT_UNITS)
    parser.add_argument("--wait", type=float, default=2.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    for name in args.units:
        state = bounce(name, args.wait)
        log.info("%s is %s", name, state)


if __name__ == "__main__":
    main()
