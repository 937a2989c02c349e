#!/usr/bin/env python3
"""Keep the dye-house recipe calculator's shade-correction plugins current.

The recipe calculator loads "correction plugins" that adjust dye amounts
for fibre lot, water hardness and machine. The colour-management team
publishes the current plugin set on the plant update server. This updater
reads the manifest, fetches each plugin that changed, and activates it in
the running calculator session so the lab does not have to restart.
"""

import argparse
import hashlib
import json
import logging
import sys
import time
import types
import urllib.request
from pathlib import Path

log = logging.getLogger("plugin_updater")

UPDATE_SERVER = "http://updates.example.org/dyehouse/plugins"
STATE_FILE = Path("plugin_state.json")


class PluginRegistry:
    def __init__(self):
        self.modules = {}

    def activate(self, name: str, source: str):
        module = types.ModuleType(f"correction_{name}")
        module.__dict__["REGISTRY"] = self
        exec(compile(source, f"<plugin {name}>", "exec"), module.__dict__)
        self.modules[name] = module
        hook = getattr(module, "on_activate", None)
        if callable(hook):
            hook()
        log.info("activated plugin %s", name)

    def correct(self, recipe: dict) -> dict:
        for name, module in sorted(self.modules.items()):
            fn = getattr(module, "correct", None)
            if callable(fn):
                recipe = fn(recipe)
        return recipe


def fetch(url: str, timeout: int) -> bytes:
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


def load_state() -> dict:
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except json.JSONDecodeError:
            log.warning("state file corrupt, starting fresh")
    return {}


def save_state(state: dict):
    STATE_FILE.write_text(json.dumps(state, indent=2))


def update_once(registry: PluginRegistry, channel: str, timeout: int) -> int:
    manifest = json.loads(fetch(f"{UPDATE_SERVER}/{channel}/manifest.json", timeout))
    state = load_state()
    updated = 0
    for entry in manifest.get("plugins", []):
        name, version = entry["name"], entry["version"]
        if state.get(name) == version and name in registry.modules:
            log.debug("%s %s already active", name, version)
            continue
        source = fetch(f"{UPDATE_SERVER}/{channel}/{name}-{version}.py", timeout).decode()
        digest = hashlib.sha256(source.encode()).hexdigest()
        log.info("fetched %s %s (%s)", name, version, digest[:12])
        try:
            registry.activate(name, source)
        except Exception as exc:  # a broken plugin must not stop the others
            log.error("plugin %s failed to activate: %s", name, exc)
            continue
        state[name] = version
        updated += 1
    save_state(state)
    return updated


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--channel", default="stable", choices=["stable", "pilot"])
    ap.add_argument("--interval", type=int, default=0,
                    help="poll every N seconds (0 = run once)")
    ap.add_argument("--timeout", type=int, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    registry = PluginRegistry()
    while True:
        try:
            n = update_once(registry, args.channel, args.timeout)
            log.info("%d plugins updated, %d active", n, len(registry.modules))
        except (OSError, ValueError, KeyError) as exc:
            log.error("update failed: %s", exc)
            if not args.interval:
                return 1
        if not args.interval:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
