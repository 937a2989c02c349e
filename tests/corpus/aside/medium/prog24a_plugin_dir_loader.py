#!/usr/bin/env python3
"""Plugin loader for the ``pipdeck`` requirements dashboard.

Plugins are plain ``*.py`` files in the project's ``pipdeck_plugins/``
directory or in the directories listed in ``$PIPDECK_PLUGIN_PATH``.  Each file
is executed in its own namespace and may define ``register(registry)`` to add
report columns.  Keeping plugins as loose files (instead of installed
packages) lets teams drop a check into a repository without packaging it.
"""
import argparse
import logging
import os
import sys
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List

log = logging.getLogger("pipdeck.plugins")

DEFAULT_DIRS = [Path("pipdeck_plugins")]
API_VERSION = 2


@dataclass
class Column:
    name: str
    func: Callable[[dict], str]
    width: int = 12


@dataclass
class Registry:
    columns: Dict[str, Column] = field(default_factory=dict)
    loaded: List[str] = field(default_factory=list)

    def add_column(self, name, func, width=12):
        if name in self.columns:
            raise ValueError("column %r already registered" % name)
        self.columns[name] = Column(name, func, width)


def plugin_dirs():
    dirs = list(DEFAULT_DIRS)
    extra = os.environ.get("PIPDECK_PLUGIN_PATH", "")
    for chunk in extra.split(os.pathsep):
        if chunk.strip():
            dirs.append(Path(chunk).expanduser())
    return [d for d in dirs if d.is_dir()]


def load_plugin_file(path, registry):
    source = path.read_text(encoding="utf-8")
    module_name = "pipdeck_plugin_" + path.stem
    module = types.ModuleType(module_name)
    module.__file__ = str(path)
    module.PIPDECK_API = API_VERSION
    code = compile(source, str(path), "exec")
    exec(code, module.__dict__)
    sys.modules[module_name] = module

    required = getattr(module, "REQUIRES_API", API_VERSION)
    if required > API_VERSION:
        raise RuntimeError("%s needs plugin API %d (have %d)" % (path.name, required, API_VERSION))
    hook = getattr(module, "register", None)
    if hook is None:
        log.warning("%s defines no register() hook, ignoring", path)
        return False
    hook(registry)
    registry.loaded.append(path.name)
    return True


def load_all(registry, disabled=()):
    for directory in plugin_dirs():
        for path in sorted(directory.glob("*.py")):
            if path.name.startswith("_") or path.stem in disabled:
                continue
            try:
                load_plugin_file(path, registry)
            except Exception:
                log.exception("failed to load plugin %s", path)
    return registry


def read_requirements(path):
    rows = []
    for raw in Path(path).read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith("-"):
            continue
        for op in ("==", ">=", "<=", "~=", "!="):
            if op in line:
                name, spec = line.split(op, 1)
                rows.append({"name": name.strip(), "op": op, "version": spec.strip()})
                break
        else:
            rows.append({"name": line, "op": "", "version": ""})
    return rows


def render(rows, registry):
    cols = [Column("package", lambda r: r["name"], 28), Column("pin", lambda r: r["op"] + r["version"], 14)]
    cols.extend(registry.columns.values())
    print("  ".join(c.name.ljust(c.width) for c in cols))
    for row in rows:
        cells = []
        for col in cols:
            try:
                cells.append(str(col.func(row))[: col.width].ljust(col.width))
            except Exception as exc:
                cells.append(("!" + type(exc).__name__)[: col.width].ljust(col.width))
        print("  ".join(cells))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Show requirements with plugin-provided columns")
    ap.add_argument("requirements", nargs="?", default="requirements.txt")
    ap.add_argument("--disable", action="append", default=[], help="plugin stem to skip")
    ap.add_argument("--list-plugins", action="store_true")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.WARNING)

    registry = load_all(Registry(), disabled=set(args.disable))
    if args.list_plugins:
        for name in registry.loaded:
            print(name)
        return 0
    try:
        rows = read_requirements(args.requirements)
    except OSError as exc:
        log.error("cannot read %s: %s", args.requirements, exc)
        return 2
    render(rows, registry)
    return 0


if __name__ == "__main__":
    sys.exit(main())
