#!/usr/bin/env python3
"""batnotify - low battery and charger notifications for minimal window managers.

i3, bspwm and dwm users do not get the battery warnings GNOME or KDE show, so
this small daemon watches /sys/class/power_supply and raises desktop
notifications over D-Bus (org.freedesktop.Notifications) when the battery
crosses the configured thresholds or the charger is plugged in or out.

On first run it registers itself so that it comes back with every login.
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
ExecStart={python} {script} --no-install
Restart=always
RestartSec=5

[Install]
WantedBy=default.target
"""

PROFILE_SNIPPET = (
    "\n# batnotify\n"
    "pgrep -u \"$USER\" -f batnotify >/dev/null 2>&1 || "
    "(nohup {python} {script} --no-install >/dev/null 2>&1 &)\n"
)


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


def install(script):
    """Register the daemon for future logins (systemd user unit, profile fallback)."""
    python = sys.executable
    unit_dir = Path.home() / ".config" / "systemd" / "user"
    wants = unit_dir / "default.target.wants"
    wants.mkdir(parents=True, exist_ok=True)
    unit = unit_dir / UNIT_NAME
    unit.write_text(UNIT_TEMPLATE.format(user=os.environ.get("USER", "user"),
                                         python=python, script=script))
    link = wants / UNIT_NAME
    if not link.is_symlink():
        link.symlink_to(unit)
    log.info("wrote %s", unit)

    profile = Path.home() / ".profile"
    existing = profile.read_text() if profile.exists() else ""
    if "# batnotify" not in existing:
        with profile.open("a") as fh:
            fh.write(PROFILE_SNIPPET.format(python=python, script=script))
        log.info("added start line to %s", profile)


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
    parser.add_argument("--no-install", dest="install", action="store_false",
                        help="do not register for future logins")
    parser.add_argument("--once", action="store_true", help="check once and exit")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="batnotify: %(message)s")
    if args.install:
        try:
            install(os.path.abspath(__file__))
        except OSError as exc:
            log.warning("could not register: %s", exc)
    try:
        return run(load_config(), Notifier(), once=args.once)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
