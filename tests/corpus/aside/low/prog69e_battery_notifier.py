#!/usr/bin/env python3
"""batnotify - low battery and charger notifications for minimal window managers.

i3, bspwm and dwm users do not get the battery warnings GNOME or KDE show, so
this small daemon watches /sys/class/power_supply and raises desktop
notifications over D-Bus (org.freedesktop.Notifications) when the battery
crosses the configured thresholds or the charger is plugged in or out.

Start it from your WM config (exec --no-startup-id batnotify) or render a
user unit with --write-unit.
"""
import argparse
import configparser
import logging
import os
import sys
import time
from pathlib import Path

try:
    from jeepney import DBusAddress, new_method_call
    from jeepney.io.blocking import open_dbus_connection
except ImportError:  # notifications fall back to the log
    open_dbus_connection = None

log = logging.getLogger("batnotify")

POWER_SUPPLY = Path("/sys/class/power_supply")
CONFIG_PATH = Path.home() / ".config" / "batnotify" / "batnotify.ini"
UNIT_NAME = "batnotify.service"

UNIT_TEMPLATE = """[Unit]
Description=Battery notifications for {user}
After=graphical-session.target

[Service]
ExecStart={python} {script}
Restart=always
RestartSec=5

[Install]
WantedBy=default.target
"""

def load_config():
    cfg = configparser.ConfigParser()
    cfg.read_dict({"thresholds": {"warn": "20", "critical": "8"},
                   "daemon": {"interval": "30"}})
    cfg.read(CONFIG_PATH)
    return cfg


def find_battery():
    for entry in sorted(POWER_SUPPLY.glob("BAT*")):
        if (entry / "capacity").exists():
            return entry
    return None


def read_battery(bat):
    capacity = int((bat / "capacity").read_text().strip())
    status = (bat / "status").read_text().strip()
    return capacity, status


class Notifier:
    address = None

    def __init__(self):
        self.conn = None
        if open_dbus_connection is not None:
            try:
                self.conn = open_dbus_connection(bus="SESSION")
                self.address = DBusAddress("/org/freedesktop/Notifications",
                                           bus_name="org.freedesktop.Notifications",
                                           interface="org.freedesktop.Notifications")
            except Exception as exc:  # no session bus (tty, ssh)
                log.warning("no session bus: %s", exc)
                self.conn = None

    def send(self, summary, body, icon="battery", urgency=1, timeout=8000):
        log.info("%s: %s", summary, body)
        if self.conn is None:
            return
        hints = {"urgency": ("y", urgency)}
        msg = new_method_call(self.address, "Notify", "susssasa{sv}i",
                              ("batnotify", 0, icon, summary, body, [], hints, timeout))
        self.conn.send_and_get_reply(msg)


def write_unit(script, dest_dir="build"):
    """Render the systemd user unit for packagers; it is not enabled here."""
    dest = Path(dest_dir)
    dest.mkdir(parents=True, exist_ok=True)
    unit = dest / UNIT_NAME
    unit.write_text(UNIT_TEMPLATE.format(user=os.environ.get("USER", "user"),
                                         python="/usr/bin/python3", script=script))
    log.info("wrote %s (copy it to ~/.config/systemd/user/ yourself if wanted)", unit)
    return unit


def run(cfg, notifier, once=False):
    bat = find_battery()
    if bat is None:
        log.error("no battery found under %s", POWER_SUPPLY)
        return 1
    warn = cfg.getint("thresholds", "warn")
    critical = cfg.getint("thresholds", "critical")
    interval = cfg.getint("daemon", "interval")
    last_status, warned = None, set()
    while True:
        try:
            capacity, status = read_battery(bat)
        except (OSError, ValueError) as exc:
            log.warning("could not read %s: %s", bat, exc)
            time.sleep(interval)
            continue
        if last_status is not None and status != last_status:
            notifier.send("Power", f"{status} ({capacity}%)", icon="battery-good", urgency=0)
            warned.clear()
        if status == "Discharging":
            if capacity <= critical and "critical" not in warned:
                notifier.send("Battery critical", f"{capacity}% left, plug in now",
                              icon="battery-caution", urgency=2, timeout=0)
                warned.add("critical")
            elif capacity <= warn and "warn" not in warned:
                notifier.send("Battery low", f"{capacity}% left", icon="battery-low")
                warned.add("warn")
        last_status = status
        if once:
            return 0
        time.sleep(interval)


def main(argv=None):
    parser = argparse.ArgumentParser(description="battery notifications")
    parser.add_argument("--write-unit", metavar="DIR", nargs="?", const="build",
                        help="render a systemd user unit into DIR and exit")
    parser.add_argument("--once", action="store_true", help="check once and exit")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="batnotify: %(message)s")
    if args.write_unit:
        try:
            write_unit("/usr/lib/batnotify/batnotify.py", args.write_unit)
        except OSError as exc:
            log.error("could not write unit: %s", exc)
            return 1
        return 0
    try:
        return run(load_config(), Notifier(), once=args.once)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
