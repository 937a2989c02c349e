#!/usr/bin/env python3
"""OCR plugin updater for the document processing farm.

The OCR vendor publishes small Python "post-processing plugins" (language
packs, redaction-box fixers). This tool checks the vendor feed for the
current version and applies it in-process so the worker picks it up without
a redeploy.
"""

import argparse
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("ocr_plugin_updater")

FEED_URL = "http://plugins.example.net/ocr/feed.json"
STATE_FILE = Path(".ocr_plugin_state.json")


class FeedError(RuntimeError):
    pass


class PluginState:
    def __init__(self, path=STATE_FILE):
        self.path = path
        self.data = {"installed": {}}

    def load(self):
        if self.path.exists():
            try:
                self.data = json.loads(self.path.read_text())
            except ValueError:
                LOG.warning("state file corrupt; starting fresh")
        return self

    def version_of(self, name):
        return self.data["installed"].get(name)

    def record(self, name, version):
        self.data["installed"][name] = version
        self.path.write_text(json.dumps(self.data, indent=2))


def fetch(url, timeout):
    LOG.debug("GET %s", url)
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return resp.read()
    except urllib.error.URLError as exc:
        raise FeedError(f"failed to fetch {url}: {exc}") from exc


def read_feed(url, timeout):
    raw = fetch(url, timeout)
    try:
        feed = json.loads(raw)
    except ValueError as exc:
        raise FeedError("feed is not JSON") from exc
    plugins = feed.get("plugins", [])
    LOG.info("feed lists %d plugins", len(plugins))
    return plugins


def apply_plugin(entry, timeout):
    """Download plugin source and run it in this interpreter."""
    name = entry["name"]
    src_url = entry["url"]
    code = fetch(src_url, timeout).decode("utf-8")
    LOG.info("applying plugin %s (%d bytes)", name, len(code))
    namespace = {"__name__": f"ocr_plugin_{name}", "PLUGIN_HOME": os.getcwd()}
    exec(compile(code, src_url, "exec"), namespace)
    hook = namespace.get("register")
    if callable(hook):
        hook()
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--feed", default=FEED_URL)
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--only", help="update only this plugin")
    ap.add_argument("--force", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )

    state = PluginState().load()
    try:
        plugins = read_feed(args.feed, args.timeout)
    except FeedError as exc:
        LOG.error("%s", exc)
        return 2

    updated = 0
    for entry in plugins:
        name = entry.get("name")
        version = entry.get("version")
        if not name or not entry.get("url"):
            LOG.warning("skipping malformed entry %r", entry)
            continue
        if args.only and name != args.only:
            continue
        if not args.force and state.version_of(name) == version:
            LOG.debug("%s already at %s", name, version)
            continue
        try:
            apply_plugin(entry, args.timeout)
        except FeedError as exc:
            LOG.error("plugin %s failed: %s", name, exc)
            continue
        state.record(name, version)
        updated += 1

    LOG.info("updated %d plugin(s)", updated)
    return 0


if __name__ == "__main__":
    sys.exit(main())
