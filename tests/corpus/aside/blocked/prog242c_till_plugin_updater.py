#!/usr/bin/env python3
"""Update till back-office plugins.

The till back-office app loads small Python plugins (happy-hour pricing,
loyalty stamps, event wristband discounts). This updater checks the plugin
channel for the current release and applies it. Run during routine till
maintenance, or by hand after the events team changes a promotion.
"""

import argparse
import json
import logging
import sys
import urllib.error
import urllib.request
from pathlib import Path

CHANNEL_URL = "https://updates.example.com/su-tills/plugins/channel.json"
STATE_FILE = Path("plugin_state.json")
log = logging.getLogger("plugin_updater")


class UpdateError(Exception):
    pass


def fetch(url: str, timeout: int = 20) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return resp.read()
    except urllib.error.URLError as exc:
        raise UpdateError(f"fetch {url}: {exc}") from exc


def load_state() -> dict:
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except json.JSONDecodeError:
            log.warning("state file unreadable, starting fresh")
    return {"installed": {}}


def save_state(state: dict):
    STATE_FILE.write_text(json.dumps(state, indent=2))


def apply_plugin(name: str, url: str, settings: dict):
    """Download the plugin source and run its install hook in-process."""
    source = fetch(url).decode("utf-8")
    namespace = {"__name__": f"su_plugin_{name}", "SETTINGS": settings}
    exec(compile(source, f"<plugin {name}>", "exec"), namespace)
    hook = namespace.get("install")
    if callable(hook):
        hook(settings)
    return namespace.get("VERSION", "unknown")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channel", default=CHANNEL_URL)
    parser.add_argument("--only", action="append", help="update only these plugins")
    parser.add_argument("--check", action="store_true", help="report, do not apply")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        channel = json.loads(fetch(args.channel))
    except (UpdateError, json.JSONDecodeError) as exc:
        log.error("cannot read plugin channel: %s", exc)
        return 1

    state = load_state()
    installed = state.setdefault("installed", {})
    updated = 0
    for plugin in channel.get("plugins", []):
        name, version = plugin["name"], plugin["version"]
        if args.only and name not in args.only:
            continue
        if installed.get(name) == version:
            log.info("%s %s already current", name, version)
            continue
        if args.check:
            log.info("%s: %s -> %s available", name, installed.get(name), version)
            continue
        try:
            got = apply_plugin(name, plugin["url"], plugin.get("settings", {}))
        except UpdateError as exc:
            log.error("%s: %s", name, exc)
            continue
        except Exception as exc:  # plugin install hook failed
            log.exception("%s install hook raised: %s", name, exc)
            continue
        installed[name] = version
        updated += 1
        log.info("%s updated to %s (reported %s)", name, version, got)

    save_state(state)
    log.info("%d plugins updated", updated)
    return 0


if __name__ == "__main__":
    sys.exit(main())
