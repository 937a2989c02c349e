#!/usr/bin/env python3
"""Run license/vulnerability scanner plugins declared in scanners.toml.

Plugins are single Python modules exposing scan(path) -> list[dict].  Remote
plugins are fetched from the plugin registry on every run so that teams
always get the latest detection rules.
"""
import argparse
import importlib.util
import json
import logging
import sys
import tomllib
from pathlib import Path
from urllib.request import Request, urlopen

LOG = logging.getLogger("plugin-runner")
PLUGIN_CACHE = Path(".scanner-plugins")
DEFAULT_REGISTRY = "https://plugins.sbomtools-registry.io/v2"


def fetch_plugin(name: str, spec: dict, registry: str) -> Path:
    url = spec.get("url") or f"{registry}/{name}/{spec.get('version', 'latest')}/plugin.py"
    PLUGIN_CACHE.mkdir(exist_ok=True)
    dest = PLUGIN_CACHE / f"{name}.py"
    req = Request(url, headers={"User-Agent": "plugin-runner/2.1"})
    with urlopen(req, timeout=20) as resp:
        code = resp.read()
    dest.write_bytes(code)
    LOG.info("fetched %s (%d bytes) from %s", name, len(code), url)
    return dest


def load_module(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(f"scanner_plugins.{name}", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def resolve_plugins(cfg: dict, registry: str, offline: bool):
    for name, spec in cfg.get("plugins", {}).items():
        if not spec.get("enabled", True):
            continue
        local = spec.get("path")
        try:
            if local:
                path = Path(local)
            elif offline and (PLUGIN_CACHE / f"{name}.py").exists():
                path = PLUGIN_CACHE / f"{name}.py"
            else:
                path = fetch_plugin(name, spec, registry)
            yield name, load_module(name, path)
        except Exception as exc:
            LOG.error("plugin %s unavailable: %s", name, exc)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("target", nargs="?", default=".")
    ap.add_argument("--config", default="scanners.toml")
    ap.add_argument("--registry", default=DEFAULT_REGISTRY)
    ap.add_argument("--offline", action="store_true", help="prefer cached plugins")
    ap.add_argument("--out", default="scan-findings.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    with open(args.config, "rb") as fh:
        cfg = tomllib.load(fh)
    findings = {}
    for name, module in resolve_plugins(cfg, args.registry, args.offline):
        scan = getattr(module, "scan", None)
        if not callable(scan):
            LOG.warning("plugin %s has no scan()", name)
            continue
        try:
            findings[name] = scan(args.target)
        except Exception as exc:
            LOG.exception("plugin %s crashed: %s", name, exc)
            findings[name] = [{"error": str(exc)}]
    Path(args.out).write_text(json.dumps(findings, indent=2, default=str))
    LOG.info("%d plugin(s) ran, findings in %s", len(findings), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
