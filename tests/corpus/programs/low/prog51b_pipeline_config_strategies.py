#!/usr/bin/env python3
"""Load layered pipeline configuration through format strategies."""
import argparse
import base64
import json
import logging
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python < 3.11
    tomllib = None

import yaml

log = logging.getLogger("pipecfg")
_LOADERS = {}


def register_loader(*suffixes):
    def deco(cls):
        for s in suffixes:
            _LOADERS[s] = cls()
        return cls
    return deco


class LoaderStrategy:
    def load(self, text: str) -> dict:
        raise NotImplementedError


@register_loader(".yaml", ".yml")
class YamlStrategy(LoaderStrategy):
    def load(self, text):
        return yaml.safe_load(text) or {}


@register_loader(".json")
class JsonStrategy(LoaderStrategy):
    def load(self, text):
        return json.loads(text)


@register_loader(".toml")
class TomlStrategy(LoaderStrategy):
    def load(self, text):
        if tomllib is None:
            raise RuntimeError("TOML needs Python 3.11+")
        return tomllib.loads(text)


def deep_merge(base: dict, overlay: dict) -> dict:
    out = dict(base)
    for key, value in overlay.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = value
    return out


class LayeredConfig:
    def __init__(self, paths):
        self.paths = [Path(p) for p in paths]

    def resolve(self) -> dict:
        merged = {}
        for path in self.paths:
            strategy = _LOADERS.get(path.suffix)
            if strategy is None:
                log.warning("no loader for %s", path)
                continue
            layer = strategy.load(path.read_text())
            merged = deep_merge(merged, layer)
            log.info("applied %s (%d keys)", path, len(layer))
        return merged


def encode_for_env(cfg: dict) -> str:
    """Pack config so it can be handed to a child job via one env var."""
    return base64.urlsafe_b64encode(json.dumps(cfg, sort_keys=True).encode()).decode()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("layers", nargs="+", help="config files, lowest priority first")
    ap.add_argument("--emit", choices=["json", "env"], default="json")
    ap.add_argument("--out", default="pipeline.resolved.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cfg = LayeredConfig(args.layers).resolve()
    if args.emit == "env":
        print(f"PIPELINE_CONFIG_B64={encode_for_env(cfg)}")
    else:
        Path(args.out).write_text(json.dumps(cfg, indent=2) + "\n")
        log.info("resolved config written to %s", args.out)


if __name__ == "__main__":
    main()
