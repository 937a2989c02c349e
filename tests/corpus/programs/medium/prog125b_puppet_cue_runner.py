#!/usr/bin/env python3
"""Cue runner for the marionette theatre's show-control rig.

A show file (YAML) lists cues; each cue names an effect plugin
(``fog_burst``, ``string_winch``, ``dmx_fade`` ...) and its parameters.
Plugins are plain Python files kept next to the show in ./plugins, checked
into the production's repository with the show file.
"""
import argparse
import importlib.util
import logging
import os
import sys
import time
from pathlib import Path

import yaml

log = logging.getLogger("cue_runner")

PLUGIN_DIR = Path(os.environ.get("CUE_PLUGIN_DIR", "plugins"))


class PluginStore:
    def __init__(self, root=PLUGIN_DIR):
        self.root = root
        self._loaded = {}
        if not self.root.is_dir():
            raise FileNotFoundError(f"plugin directory {self.root} not found")

    def _path(self, name):
        if not name.isidentifier():
            raise ValueError(f"bad plugin name {name!r}")
        return self.root / f"{name}.py"

    def available(self):
        return sorted(p.stem for p in self.root.glob("*.py") if not p.name.startswith("_"))

    def get(self, name):
        if name in self._loaded:
            return self._loaded[name]
        path = self._path(name)
        if not path.exists():
            raise LookupError(f"no plugin {name}; have: {', '.join(self.available())}")
        spec = importlib.util.spec_from_file_location(f"cue_plugins.{name}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        if not hasattr(module, "run"):
            raise TypeError(f"plugin {name} has no run()")
        self._loaded[name] = module
        return module


def load_show(path):
    with open(path) as fh:
        show = yaml.load(fh, Loader=yaml.Loader)
    cues = sorted(show.get("cues", []), key=lambda c: float(c.get("at", 0)))
    log.info("show %r: %d cues", show.get("title", path), len(cues))
    return show, cues


def run_show(cues, store, dry_run=False, speed=1.0):
    t0 = time.monotonic()
    for cue in cues:
        at = float(cue.get("at", 0)) / speed
        wait = at - (time.monotonic() - t0)
        if wait > 0:
            time.sleep(wait)
        name = cue["effect"]
        params = cue.get("params", {}) or {}
        log.info("cue %-6s @%6.1fs  %s %s", cue.get("id", "?"), at, name, params)
        if dry_run:
            continue
        try:
            store.get(name).run(**params)
        except Exception as exc:  # keep the show going
            log.error("cue %s (%s) failed: %s", cue.get("id"), name, exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Run a marionette show cue file")
    ap.add_argument("show", help="show YAML file")
    ap.add_argument("--dry-run", action="store_true", help="print cues, fire nothing")
    ap.add_argument("--speed", type=float, default=1.0, help="rehearsal speed multiplier")
    ap.add_argument("--preload", action="store_true", help="import all plugins before curtain")
    ap.add_argument("--list", action="store_true", help="list available plugins and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)-7s %(message)s")

    try:
        store = PluginStore()
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 2
    if args.list:
        print("\n".join(store.available()))
        return 0

    try:
        _, cues = load_show(args.show)
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot load show: %s", exc)
        return 2

    if args.preload:
        for name in sorted({c["effect"] for c in cues}):
            store.get(name)
    run_show(cues, store, dry_run=args.dry_run, speed=args.speed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
