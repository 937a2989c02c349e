#!/usr/bin/env python3
"""Loads signalling plugins for the funicular interlocking dashboard.

Plugins are shipped as packed blobs in the bundle file so the
dashboard can be updated with a single file copy.
"""
import argparse
import base64
import json
import logging
import os
import sys
import zlib
from pathlib import Path

log = logging.getLogger("signal-plugins")

DEFAULT_BUNDLE = Path(os.environ.get("SIGNAL_PLUGIN_BUNDLE", "plugins.json"))

BUILTIN_PLUGINS = {
    "station_probe": (
        "eJxNjkEKAjEMRfdzitBVC6UHEDyJiJRprNVpMyQZ8PjW2oVZfcL7j1/qTqxA4kFo"
        "faF6eAq1JeEdGHMRRbarvt1pgX49XYxo1ELNXOE8SyGjPki0xYrW/ZElt7jJJFkx"
        "WZKwdWsqQ/st2ond+s94MME493Mw6sFtDArpqLuMJcsHjsk7vg=="
    ),
}


class PluginError(Exception):
    pass


class PluginHost:
    def __init__(self, signal_dir: str):
        self.signal_dir = signal_dir
        self.loaded = {}

    def unpack(self, blob: str) -> str:
        try:
            raw = base64.b64decode(blob)
            return zlib.decompress(raw).decode("utf-8")
        except (ValueError, zlib.error) as exc:
            raise PluginError(f"bad plugin blob: {exc}") from exc

    def load(self, name: str, blob: str):
        source = self.unpack(blob)
        namespace = {"__name__": f"plugin_{name}"}
        exec(compile(source, f"<plugin {name}>", "exec"), namespace)
        if "register" not in namespace:
            raise PluginError(f"plugin {name} has no register()")
        self.loaded[name] = namespace["register"]
        log.info("loaded plugin %s", name)

    def run_all(self) -> dict:
        results = {}
        for name, register in self.loaded.items():
            ctx = {"signal_dir": self.signal_dir}
            try:
                results[name] = register(ctx)
            except Exception as exc:  # plugin faults must not stop the dashboard
                log.error("plugin %s failed: %s", name, exc)
                results[name] = None
        return results


def read_bundle(path: Path) -> dict:
    if not path.exists():
        log.info("no bundle at %s, using builtin plugins only", path)
        return {}
    with path.open() as fh:
        data = json.load(fh)
    if not isinstance(data, dict):
        raise PluginError("bundle must be a JSON object of name -> blob")
    return data


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Signal dashboard plugin loader")
    parser.add_argument("--bundle", type=Path, default=DEFAULT_BUNDLE)
    parser.add_argument("--signal-dir", default=os.environ.get("SIGNAL_DIR", "."))
    parser.add_argument("--only", nargs="*", help="load only these plugins")
    parser.add_argument("--json", action="store_true", help="print results as JSON")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    plugins = dict(BUILTIN_PLUGINS)
    try:
        plugins.update(read_bundle(args.bundle))
    except (OSError, PluginError, json.JSONDecodeError) as exc:
        log.error("cannot read bundle: %s", exc)
        return 1

    host = PluginHost(args.signal_dir)
    for name, blob in sorted(plugins.items()):
        if args.only and name not in args.only:
            continue
        try:
            host.load(name, blob)
        except PluginError as exc:
            log.error("%s", exc)

    results = host.run_all()
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for name, value in results.items():
            print(f"{name}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
