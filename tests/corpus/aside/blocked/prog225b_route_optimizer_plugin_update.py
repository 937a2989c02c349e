#!/usr/bin/env python3
"""Route optimiser plugin updater.

The collection-route optimiser loads "cost plugins" (per-council tipping fees,
bin-lift penalties, low-bridge restrictions). The vendor publishes updated
plugins on their update server; this tool checks the manifest, fetches any
plugin newer than the local copy and activates it in the running optimiser
process so the evening re-plan picks up the new costs.
"""

import argparse
import json
import logging
import os
import sys
import urllib.error
import urllib.request

UPDATE_BASE = "https://updates.example.net/route-optimiser/plugins"
STATE_FILE = "plugin_state.json"

log = logging.getLogger("plugin_update")


class PluginRegistry:
    """Keeps track of which plugin versions are active locally."""

    def __init__(self, path):
        self.path = path
        self.state = {}
        if os.path.exists(path):
            try:
                with open(path, "r", encoding="utf-8") as fh:
                    self.state = json.load(fh)
            except (OSError, json.JSONDecodeError) as exc:
                log.warning("could not read %s (%s), starting fresh", path, exc)

    def version_of(self, name):
        return self.state.get(name, {}).get("version", "0")

    def record(self, name, version):
        self.state[name] = {"version": version}

    def save(self):
        with open(self.path, "w", encoding="utf-8") as fh:
            json.dump(self.state, fh, indent=2)


def fetch(url, timeout):
    log.debug("GET %s", url)
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


def load_manifest(channel, timeout):
    url = f"{UPDATE_BASE}/{channel}/manifest.json"
    return json.loads(fetch(url, timeout).decode("utf-8"))


def activate_plugin(name, source, context):
    """Run the plugin module so it registers its cost functions."""
    code = compile(source, f"<plugin:{name}>", "exec")
    namespace = {"__name__": f"plugin_{name}", "CONTEXT": context}
    exec(code, namespace)
    register = namespace.get("register")
    if callable(register):
        register(context)
    return namespace


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--channel", default="stable", choices=["stable", "beta"])
    p.add_argument("--depot", default="NTH01")
    p.add_argument("--timeout", type=float, default=20.0)
    p.add_argument("--check-only", action="store_true",
                   help="list available updates without activating them")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    registry = PluginRegistry(STATE_FILE)
    context = {"depot": args.depot, "cost_functions": {}}

    try:
        manifest = load_manifest(args.channel, args.timeout)
    except (urllib.error.URLError, ValueError) as exc:
        log.error("manifest fetch failed: %s", exc)
        return 1

    updated = 0
    for entry in manifest.get("plugins", []):
        name, version = entry["name"], str(entry["version"])
        if version <= registry.version_of(name):
            log.info("%s is current (%s)", name, version)
            continue
        log.info("%s: %s -> %s", name, registry.version_of(name), version)
        if args.check_only:
            continue
        try:
            source = fetch(f"{UPDATE_BASE}/{args.channel}/{entry['file']}", args.timeout)
            activate_plugin(name, source.decode("utf-8"), context)
        except urllib.error.URLError as exc:
            log.error("download of %s failed: %s", name, exc)
            continue
        except Exception:  # plugin code is third-party, keep going
            log.exception("plugin %s failed to activate", name)
            continue
        registry.record(name, version)
        updated += 1

    registry.save()
    log.info("%d plugin(s) updated, %d cost functions registered",
             updated, len(context["cost_functions"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
