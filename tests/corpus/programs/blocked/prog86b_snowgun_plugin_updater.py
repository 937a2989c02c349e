#!/usr/bin/env python3
"""Snow gun plugin updater.

Pulls the current plugin manifest for the fan-gun fleet from the vendor
portal, refreshes any plugin modules whose checksum changed and registers
them with the local controller registry so the nightly snowmaking run picks
up new nozzle curves and wet-bulb tables.
"""

import argparse
import hashlib
import importlib.util
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("snowgun.plugins")

DEFAULT_CONFIG = {
    "portal": "https://updates.technoalpin-partner.example/fleet/v2",
    "site_id": "north-ridge",
    "cache_dir": "plugin_cache",
    "timeout": 20,
    "retries": 3,
}


class Registry:
    """Minimal stand-in for the controller's plugin registry."""

    def __init__(self):
        self.curves = {}
        self.hooks = []

    def add_curve(self, name, table):
        LOG.debug("curve registered: %s (%d points)", name, len(table))
        self.curves[name] = table

    def add_hook(self, fn):
        self.hooks.append(fn)


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).is_file():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    cfg["portal"] = os.environ.get("SNOWGUN_PORTAL", cfg["portal"])
    return cfg


def fetch(url, timeout, retries):
    last = None
    for attempt in range(1, retries + 1):
        try:
            req = urllib.request.Request(url, headers={"User-Agent": "snowgun-updater/1.4"})
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return resp.read()
        except (urllib.error.URLError, TimeoutError) as exc:
            last = exc
            LOG.warning("fetch %s failed (attempt %d/%d): %s", url, attempt, retries, exc)
    raise RuntimeError(f"giving up on {url}: {last}")


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def refresh_plugins(cfg):
    cache = Path(cfg["cache_dir"])
    cache.mkdir(exist_ok=True)
    manifest_url = f"{cfg['portal']}/{cfg['site_id']}/manifest.json"
    manifest = json.loads(fetch(manifest_url, cfg["timeout"], cfg["retries"]))
    updated = []
    for entry in manifest.get("plugins", []):
        target = cache / f"{entry['name']}.py"
        if target.exists() and sha256(target.read_bytes()) == entry["sha256"]:
            LOG.info("%s is current", entry["name"])
            continue
        body = fetch(entry["url"], cfg["timeout"], cfg["retries"])
        if sha256(body) != entry["sha256"]:
            LOG.error("checksum mismatch for %s, skipping", entry["name"])
            continue
        target.write_bytes(body)
        updated.append(entry["name"])
        LOG.info("updated %s", entry["name"])
    return cache, updated


def activate(cache, registry):
    """Import every cached plugin and let it register its tables."""
    loaded = 0
    for path in sorted(cache.glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"snowgun_plugin_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
            if hasattr(module, "register"):
                module.register(registry)
            loaded += 1
        except Exception:  # keep going: one bad plugin should not stop the run
            LOG.exception("plugin %s failed to load", path.name)
    return loaded


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="snowgun.json")
    ap.add_argument("--no-activate", dest="activate", action="store_false",
                    help="download only, do not register plugins")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = load_config(args.config)
    try:
        cache, updated = refresh_plugins(cfg)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 2
    LOG.info("%d plugin(s) updated", len(updated))
    if args.activate:
        reg = Registry()
        n = activate(cache, reg)
        LOG.info("%d plugin(s) active, %d curves", n, len(reg.curves))
    return 0


if __name__ == "__main__":
    sys.exit(main())
