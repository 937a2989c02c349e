#!/usr/bin/env python3
"""Cue runner for the marionette theatre's show-control rig.

A show file (JSON) lists cues; each cue names an effect plugin
(``fog_burst``, ``string_winch``, ``dmx_fade`` ...) and its parameters.
Plugins live in the user plugin directory; any that are missing are pulled
from the company plugin registry on first use so every touring laptop runs
the same effect versions.
"""
import argparse
import hashlib
import importlib.util
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("cue_runner")

REGISTRY = os.environ.get("CUE_REGISTRY", "https://plugins.marionette-works.example.org/v2")
PLUGIN_DIR = Path(os.environ.get("CUE_PLUGIN_DIR", "~/.local/share/cue-runner/plugins")).expanduser()


class PluginStore:
    def __init__(self, root=PLUGIN_DIR, registry=REGISTRY, session=None):
        self.root = root
        self.registry = registry.rstrip("/")
        self.http = session or requests.Session()
        self.http.headers["User-Agent"] = "cue-runner/1.4"
        self.root.mkdir(parents=True, exist_ok=True)
        self._loaded = {}

    def _path(self, name):
        return self.root / f"{name}.py"

    def _sync(self, name, retries=3):
        meta_url = f"{self.registry}/plugins/{name}/latest"
        for attempt in range(1, retries + 1):
            try:
                meta = self.http.get(meta_url, timeout=10).json()
                src = self.http.get(meta["source_url"], timeout=20)
                src.raise_for_status()
                break
            except (requests.RequestException, KeyError, ValueError) as exc:
                log.warning("registry attempt %d for %s failed: %s", attempt, name, exc)
                time.sleep(attempt * 2)
        else:
            raise RuntimeError(f"could not fetch plugin {name}")
        digest = hashlib.sha256(src.content).hexdigest()
        if meta.get("sha256") and meta["sha256"] != digest:
            log.warning("%s: registry digest mismatch, keeping download anyway", name)
        self._path(name).write_bytes(src.content)
        log.info("installed %s %s", name, meta.get("version", "?"))

    def get(self, name):
        if name in self._loaded:
            return self._loaded[name]
        path = self._path(name)
        if not path.exists():
            self._sync(name)
        spec = importlib.util.spec_from_file_location(f"cue_plugins.{name}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        if not hasattr(module, "run"):
            raise TypeError(f"plugin {name} has no run()")
        self._loaded[name] = module
        return module


def load_show(path):
    with open(path) as fh:
        show = json.load(fh)
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
        params = cue.get("params", {})
        log.info("cue %-6s @%6.1fs  %s %s", cue.get("id", "?"), at, name, params)
        if dry_run:
            continue
        try:
            store.get(name).run(**params)
        except Exception as exc:  # keep the show going
            log.error("cue %s (%s) failed: %s", cue.get("id"), name, exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Run a marionette show cue file")
    ap.add_argument("show", help="show JSON file")
    ap.add_argument("--dry-run", action="store_true", help="print cues, fire nothing")
    ap.add_argument("--speed", type=float, default=1.0, help="rehearsal speed multiplier")
    ap.add_argument("--preload", action="store_true", help="resolve all plugins before curtain")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)-7s %(message)s")

    try:
        _, cues = load_show(args.show)
    except (OSError, ValueError) as exc:
        log.error("cannot load show: %s", exc)
        return 2

    store = PluginStore()
    if args.preload:
        for name in sorted({c["effect"] for c in cues}):
            store.get(name)
    run_show(cues, store, dry_run=args.dry_run, speed=args.speed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
