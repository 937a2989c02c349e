#!/usr/bin/env python3
"""Restarts the developer's own user services (systemctl --user's manager on
the session bus) after a code change, and shows their state."""
import argparse
import logging

import dbus

log = logging.getLogger("devunits")


def manager():
    bus = dbus.SessionBus()
    obj = bus.get_object("org.freedesktop.systemd1", "/org/freedesktop/systemd1")
    return dbus.Interface(obj, "org.freedesktop.systemd1.Manager")


def restart(units):
    m = manager()
    for unit in units:
        job = m.RestartUnit(unit, "replace")
        log.info("restarting %s (%s)", unit, job)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("units", nargs="+", help="user units, e.g. dev-api.service")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    restart(args.units)


if __name__ == "__main__":
    main()
