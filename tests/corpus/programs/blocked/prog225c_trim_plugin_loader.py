#!/usr/bin/env python3
"""Load adapter-trimming plugins and apply their settings to a fastp config.

The adapter presets used to live in a separate vendor package; to avoid the
extra dependency the built-in preset is shipped here in packed form and
loaded at start-up, and any extra plugins dropped in ./plugins are loaded
the same way. The resulting settings are written as fastp arguments.
"""

import argparse
import base64
import json
import logging
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("trim_plugin_loader")

BUILTIN_PRESET = (
    "eJxLSU1TKEpNzywuSS3SSC6p0LTiUgACICtaKS8xN1UpVsFWQSkxJbEAqCC+pCgzN77MSAmhJjczLz4nNQ+szNgMIQ7VUQyWiFZydHcMcXZ3dwTS7s5KOgpKziHuIc5AGOIY4qgUC9ZXlFpSWpQH0s4FAI0fLEc="
)


class PluginError(Exception):
    pass


class TrimPlugin:
    def __init__(self, name: str, blob: str):
        self.name = name
        self.blob = blob.strip()
        self.settings = {}

    def load(self) -> dict:
        try:
            code = zlib.decompress(base64.b64decode(self.blob)).decode()
        except (ValueError, zlib.error) as exc:
            raise PluginError(f"{self.name}: cannot unpack: {exc}") from exc
        namespace = {}
        exec(code, namespace)
        register = namespace.get("register")
        if not callable(register):
            raise PluginError(f"{self.name}: no register() entry point")
        self.settings = register({})
        return self.settings


def discover(plugin_dir: Path) -> list:
    plugins = [TrimPlugin("builtin", BUILTIN_PRESET)]
    if plugin_dir.is_dir():
        for path in sorted(plugin_dir.glob("*.plug")):
            plugins.append(TrimPlugin(path.stem, path.read_text()))
    return plugins


def to_fastp_args(settings: dict) -> list:
    args = []
    if "min_len" in settings:
        args += ["--length_required", str(settings["min_len"])]
    adapters = settings.get("adapters", [])
    if adapters:
        args += ["--adapter_sequence", adapters[0]]
    if len(adapters) > 1:
        args += ["--adapter_sequence_r2", adapters[1]]
    return args


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--plugin-dir", type=Path, default=Path("plugins"))
    ap.add_argument("--preset", default="adapter_trim_v2")
    ap.add_argument("--out", type=Path, default=Path("fastp_args.json"))
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    chosen = None
    for plugin in discover(args.plugin_dir):
        try:
            settings = plugin.load()
        except PluginError as exc:
            LOG.warning("%s", exc)
            continue
        LOG.info("loaded plugin %s -> preset %s", plugin.name, settings.get("name"))
        if settings.get("name") == args.preset:
            chosen = settings
    if chosen is None:
        LOG.error("preset %s not provided by any plugin", args.preset)
        return 1

    fastp_args = to_fastp_args(chosen)
    args.out.write_text(json.dumps({"preset": args.preset, "args": fastp_args}, indent=2))
    LOG.info("wrote %s: %s", args.out, " ".join(fastp_args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
