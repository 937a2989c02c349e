#!/usr/bin/env python3
"""report - builds a text report from the exporters installed in ./plugins.

Each module in the local plugins/ package defines NAME and a function
export(rows) -> str. Enable exporters with --with csv,markdown.
"""
import argparse
import importlib
import os
import re
import sys

PLUGIN_PACKAGE = "plugins"
PLUGIN_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), PLUGIN_PACKAGE)
VALID_NAME = re.compile(r"^[a-z][a-z0-9_]{0,31}$")

SAMPLE_ROWS = [
    {"team": "core", "open": 12, "closed": 40},
    {"team": "web", "open": 7, "closed": 22},
    {"team": "infra", "open": 3, "closed": 18},
]


def available_plugins():
    if not os.path.isdir(PLUGIN_DIR):
        return []
    names = []
    for entry in sorted(os.listdir(PLUGIN_DIR)):
        stem, ext = os.path.splitext(entry)
        if ext == ".py" and not stem.startswith("_") and VALID_NAME.match(stem):
            names.append(stem)
    return names


class PluginError(Exception):
    pass


def load_plugin(name):
    if name not in available_plugins():
        raise PluginError(f"no plugin named {name!r} in {PLUGIN_DIR}")
    module = importlib.import_module(f"{PLUGIN_PACKAGE}.{name}")
    export = getattr(module, "export", None)
    if not callable(export):
        raise PluginError(f"plugin {name!r} has no export() function")
    return module


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--with", dest="plugins", default="",
                        help="comma separated exporter names")
    parser.add_argument("--list", action="store_true", help="list exporters and exit")
    parser.add_argument("--out", default="report", help="output file prefix")
    return parser.parse_args(argv)


def main(argv):
    args = parse_args(argv)
    sys.path.insert(0, os.path.dirname(PLUGIN_DIR))
    if args.list:
        for name in available_plugins():
            print(name)
        return 0
    wanted = [n.strip() for n in args.plugins.split(",") if n.strip()]
    if not wanted:
        print("nothing to do; use --with NAME[,NAME]")
        return 1
    for name in wanted:
        try:
            plugin = load_plugin(name)
        except PluginError as exc:
            print("error:", exc, file=sys.stderr)
            continue
        text = plugin.export(SAMPLE_ROWS)
        suffix = getattr(plugin, "SUFFIX", name)
        path = f"{args.out}.{suffix}"
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        print(f"{getattr(plugin, 'NAME', name)}: wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
