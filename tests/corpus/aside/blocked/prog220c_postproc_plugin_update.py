#!/usr/bin/env python3
"""Update and register post-processing plugins for the forecast product chain.

The post-processing chain (meteograms, city tables, aviation charts) loads
its derived-field plugins from a plugin directory. This tool reads the
plugin manifest published by the product team, fetches any plugin whose
version changed and registers it in the running plugin registry by
executing its module body.

Usage:
    prog220c_postproc_plugin_update.py [--manifest URL] [--plugin-dir DIR] [--dry-run]
"""

import argparse
import hashlib
import json
import logging
import sys
import urllib.error
import urllib.request
from pathlib import Path

DEFAULT_MANIFEST = "https://plugins.example.com/nwp-postproc/manifest.json"
DEFAULT_PLUGIN_DIR = "./plugins"
STATE_FILE = "installed_plugins.json"

log = logging.getLogger("plugin_update")


class PluginRegistry:
    """Holds the derived-field functions exported by loaded plugins."""

    def __init__(self):
        self.fields = {}

    def register(self, name, namespace):
        exported = namespace.get("DERIVED_FIELDS", {})
        for field, func in exported.items():
            if not callable(func):
                log.warning("plugin %s exports non-callable %s, skipped", name, field)
                continue
            self.fields[field] = func
        log.info("plugin %s registered %d derived field(s)", name, len(exported))


def fetch(url, timeout):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


def load_state(plugin_dir):
    path = plugin_dir / STATE_FILE
    if not path.exists():
        return {}
    try:
        return json.loads(path.read_text())
    except json.JSONDecodeError:
        log.warning("plugin state file is corrupt, treating all plugins as new")
        return {}


def save_state(plugin_dir, state):
    (plugin_dir / STATE_FILE).write_text(json.dumps(state, indent=2, sort_keys=True))


def install_plugin(entry, plugin_dir, registry, timeout):
    name = entry["name"]
    source = fetch(entry["url"], timeout)
    digest = hashlib.sha256(source).hexdigest()
    local = plugin_dir / f"{name}.py"
    local.write_bytes(source)
    log.info("fetched %s %s (%d bytes, sha256 %s)", name, entry.get("version"),
             len(source), digest[:12])

    namespace = {"__name__": f"nwp_plugin_{name}"}
    exec(compile(source, str(local), "exec"), namespace)
    registry.register(name, namespace)
    return digest


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--manifest", default=DEFAULT_MANIFEST)
    ap.add_argument("--plugin-dir", default=DEFAULT_PLUGIN_DIR)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    plugin_dir = Path(args.plugin_dir)
    plugin_dir.mkdir(parents=True, exist_ok=True)

    try:
        manifest = json.loads(fetch(args.manifest, args.timeout))
    except (urllib.error.URLError, json.JSONDecodeError) as exc:
        log.error("cannot read plugin manifest %s: %s", args.manifest, exc)
        return 1

    state = load_state(plugin_dir)
    registry = PluginRegistry()
    failures = 0

    for entry in manifest.get("plugins", []):
        name, version = entry.get("name"), entry.get("version")
        if not name or not entry.get("url"):
            log.warning("manifest entry without name or url: %r", entry)
            continue
        if state.get(name, {}).get("version") == version:
            log.debug("plugin %s already at %s", name, version)
            continue
        if args.dry_run:
            log.info("would update %s to %s", name, version)
            continue
        try:
            digest = install_plugin(entry, plugin_dir, registry, args.timeout)
            state[name] = {"version": version, "sha256": digest}
        except Exception as exc:  # a broken plugin must not stop the others
            failures += 1
            log.error("plugin %s failed to install: %s", name, exc)

    if not args.dry_run:
        save_state(plugin_dir, state)
    log.info("%d derived fields available, %d failure(s)", len(registry.fields), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
