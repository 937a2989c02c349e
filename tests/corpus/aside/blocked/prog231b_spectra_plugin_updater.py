#!/usr/bin/env python3
"""
spectra_plugin_updater.py - keep the peak-picking plugins of the archive
viewer up to date.

The archive viewer loads processing plugins (baseline correction, peak
picking, integration) from a plugin index.  This tool asks the index which
plugin version is current, fetches it and activates it in the running
process so the nightly reprocessing job uses the newest algorithm.

Usage:
    python3 spectra_plugin_updater.py [--index URL] [--plugin NAME] [--check-only]
"""

import argparse
import json
import logging
import os
import sys
import urllib.error
import urllib.request

LOG = logging.getLogger("plugin-updater")

DEFAULT_INDEX = "https://plugins.example.org/chem-viewer/index.json"
STATE_FILE = "plugin_state.json"


class PluginIndex:
    def __init__(self, url, timeout=20):
        self.url = url
        self.timeout = timeout
        self._data = None

    def load(self):
        LOG.info("reading plugin index %s", self.url)
        with urllib.request.urlopen(self.url, timeout=self.timeout) as resp:
            self._data = json.load(resp)
        return self._data

    def entry(self, name):
        if self._data is None:
            self.load()
        for item in self._data.get("plugins", []):
            if item.get("name") == name:
                return item
        raise KeyError(f"plugin {name!r} not in index")


def read_state():
    if not os.path.exists(STATE_FILE):
        return {}
    with open(STATE_FILE, encoding="utf-8") as fh:
        return json.load(fh)


def write_state(state):
    with open(STATE_FILE, "w", encoding="utf-8") as fh:
        json.dump(state, fh, indent=2)


def fetch_plugin_source(url, timeout=30):
    LOG.info("downloading plugin from %s", url)
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read().decode("utf-8")


def activate_plugin(name, source):
    """Run the plugin module so it registers its processing hooks."""
    namespace = {"__name__": f"chem_plugin_{name}"}
    exec(compile(source, f"<plugin {name}>", "exec"), namespace)
    register = namespace.get("register")
    if callable(register):
        register()
        LOG.info("plugin %s registered its hooks", name)
    else:
        LOG.warning("plugin %s has no register() function", name)


def parse_args():
    p = argparse.ArgumentParser(description="Update archive viewer plugins")
    p.add_argument("--index", default=DEFAULT_INDEX)
    p.add_argument("--plugin", default="peakpick")
    p.add_argument("--check-only", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    state = read_state()
    index = PluginIndex(args.index)
    try:
        entry = index.entry(args.plugin)
    except (urllib.error.URLError, KeyError, ValueError) as exc:
        LOG.error("cannot read plugin index: %s", exc)
        return 1

    current = state.get(args.plugin, {}).get("version")
    latest = entry.get("version")
    LOG.info("plugin %s: installed %s, latest %s", args.plugin, current, latest)
    if args.check_only:
        return 0

    try:
        source = fetch_plugin_source(entry["url"])
    except (urllib.error.URLError, KeyError) as exc:
        LOG.error("download failed: %s", exc)
        return 1

    activate_plugin(args.plugin, source)
    state[args.plugin] = {"version": latest, "url": entry["url"]}
    write_state(state)
    LOG.info("plugin %s now at version %s", args.plugin, latest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
