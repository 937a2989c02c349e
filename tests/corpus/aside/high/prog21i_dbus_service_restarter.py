#!/usr/bin/env python3
"""Validate web configs and restart the affected services over D-Bus.

After a deploy drops new files into ./conf/, this checks that each one is
well-formed and then asks systemd (org.freedesktop.systemd1 on the system
bus) to restart or start the matching unit, waiting for it to become
active. Talking to the manager directly avoids shelling out to systemctl.
"""

import argparse
import configparser
import json
import os
import sys
import time

import dbus

SYSTEMD_BUS = "org.freedesktop.systemd1"
SYSTEMD_PATH = "/org/freedesktop/systemd1"
MANAGER_IFACE = "org.freedesktop.systemd1.Manager"
UNIT_IFACE = "org.freedesktop.systemd1.Unit"
PROPS_IFACE = "org.freedesktop.DBus.Properties"

CONF_TO_UNIT = {
    "gateway.json": "api-gateway.service",
    "worker.ini": "queue-worker.service",
    "cache.json": "edge-cache.service",
}


def validate(path):
    if path.endswith(".json"):
        with open(path, encoding="utf-8") as fh:
            json.load(fh)
    elif path.endswith(".ini"):
        parser = configparser.ConfigParser()
        with open(path, encoding="utf-8") as fh:
            parser.read_file(fh)
    else:
        raise ValueError("unknown config type")


def manager():
    bus = dbus.SystemBus()
    obj = bus.get_object(SYSTEMD_BUS, SYSTEMD_PATH)
    return bus, dbus.Interface(obj, MANAGER_IFACE)


def unit_state(bus, mgr, unit):
    path = mgr.LoadUnit(unit)
    props = dbus.Interface(bus.get_object(SYSTEMD_BUS, path), PROPS_IFACE)
    active = str(props.Get(UNIT_IFACE, "ActiveState"))
    sub = str(props.Get(UNIT_IFACE, "SubState"))
    return active, sub


def bounce(bus, mgr, unit, timeout):
    active, _ = unit_state(bus, mgr, unit)
    if active == "active":
        job = mgr.RestartUnit(unit, "replace")
        verb = "restart"
    else:
        job = mgr.StartUnit(unit, "replace")
        verb = "start"
    print(f"{verb} {unit} (job {job})")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        active, sub = unit_state(bus, mgr, unit)
        if active == "active":
            print(f"  {unit} is {active}/{sub}")
            return True
        if active == "failed":
            break
        time.sleep(0.5)
    print(f"  {unit} did not come up ({active}/{sub})", file=sys.stderr)
    return False


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conf-dir", default="conf")
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--check-only", action="store_true")
    args = parser.parse_args(argv)

    to_bounce = []
    for name, unit in sorted(CONF_TO_UNIT.items()):
        path = os.path.join(args.conf_dir, name)
        if not os.path.exists(path):
            continue
        try:
            validate(path)
        except (ValueError, configparser.Error, OSError) as exc:
            print(f"{name}: invalid ({exc}); {unit} left alone", file=sys.stderr)
            continue
        print(f"{name}: ok")
        to_bounce.append(unit)

    if args.check_only or not to_bounce:
        return 0
    try:
        bus, mgr = manager()
    except dbus.DBusException as exc:
        print(f"cannot reach systemd: {exc}", file=sys.stderr)
        return 1
    failures = 0
    for unit in to_bounce:
        try:
            if not bounce(bus, mgr, unit, args.timeout):
                failures += 1
        except dbus.DBusException as exc:
            print(f"{unit}: {exc.get_dbus_message()}", file=sys.stderr)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
