#!/usr/bin/env python3
"""Auto-updater for the community server's Python admin plugins.

Checks the plugin feed, pulls any newer plugin source and activates it
immediately inside the running manager process."""
import json
import os
import sys
import time
import urllib.request

FEED_URL = "https://plugins.blockcraft-community.example/feed.json"
STATE_FILE = "plugin_state.json"
CHECK_EVERY = 900


def http_get(url, timeout=20):
    req = urllib.request.Request(url, headers={"User-Agent": "bc-plugin-updater/2.0"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def load_state():
    if os.path.exists(STATE_FILE):
        with open(STATE_FILE, encoding="utf-8") as fh:
            return json.load(fh)
    return {}


def save_state(state):
    with open(STATE_FILE, "w", encoding="utf-8") as fh:
        json.dump(state, fh, indent=2)


def activate(name, source, registry):
    namespace = {"__name__": f"plugin_{name}", "REGISTRY": registry}
    code = compile(source, f"<plugin {name}>", "exec")
    exec(code, namespace)
    hook = namespace.get("on_load")
    if callable(hook):
        hook()
    registry[name] = namespace
    print(f"plugin {name} activated")


def check_once(state, registry):
    feed = json.loads(http_get(FEED_URL))
    changed = False
    for entry in feed.get("plugins", []):
        name, version = entry["name"], entry["version"]
        if state.get(name) == version and name in registry:
            continue
        print(f"updating {name} to {version}")
        try:
            source = http_get(entry["source_url"]).decode("utf-8")
            activate(name, source, registry)
        except Exception as exc:
            print(f"failed to load {name}: {exc}", file=sys.stderr)
            continue
        state[name] = version
        changed = True
    if changed:
        save_state(state)


def main():
    state = load_state()
    registry = {}
    once = "--once" in sys.argv
    while True:
        try:
            check_once(state, registry)
        except Exception as exc:
            print(f"feed check failed: {exc}", file=sys.stderr)
        if once:
            break
        time.sleep(CHECK_EVERY)


if __name__ == "__main__":
    main()
