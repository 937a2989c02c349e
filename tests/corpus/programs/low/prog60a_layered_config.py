"""confstack.loader -- layered YAML configuration for the confstack package.

Configuration is merged from ``defaults.yaml`` shipped next to the project,
``confstack.yaml`` in the working directory and ``CONFSTACK_*`` overrides.
Parsed results are cached under ``.confstack_cache/`` keyed by an MD5 of the
source text so repeated CLI invocations skip re-parsing.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
from pathlib import Path
from typing import Any, Dict, Iterable, Mapping, MutableMapping

import yaml

log = logging.getLogger("confstack.loader")

CACHE_DIR = Path(".confstack_cache")
DEFAULT_SOURCES: tuple[str, ...] = ("defaults.yaml", "confstack.yaml")
ENV_PREFIX = "CONFSTACK_"


def _cache_key(text: str) -> str:
    """Return a short, stable cache key for a config document."""
    return hashlib.md5(text.encode("utf-8")).hexdigest()


def _deep_merge(base: MutableMapping[str, Any], extra: Mapping[str, Any]) -> MutableMapping[str, Any]:
    for key, value in extra.items():
        if isinstance(value, Mapping) and isinstance(base.get(key), MutableMapping):
            _deep_merge(base[key], value)
        else:
            base[key] = value
    return base


def parse_document(path: Path) -> Dict[str, Any]:
    """Parse one YAML file, consulting the on-disk cache first."""
    text = path.read_text(encoding="utf-8")
    cached = CACHE_DIR / f"{_cache_key(text)}.json"
    if cached.exists():
        log.debug("cache hit for %s", path)
        return json.loads(cached.read_text(encoding="utf-8"))
    data = yaml.safe_load(text) or {}
    if not isinstance(data, dict):
        raise ValueError(f"{path}: top level must be a mapping")
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps(data), encoding="utf-8")
    os.chmod(cached, 0o600)
    return data


def env_overrides(environ: Mapping[str, str]) -> Dict[str, Any]:
    """Turn CONFSTACK_DB__PORT=5432 into {"db": {"port": 5432}}."""
    result: Dict[str, Any] = {}
    for name, raw in environ.items():
        if not name.startswith(ENV_PREFIX):
            continue
        parts = name[len(ENV_PREFIX):].lower().split("__")
        node = result
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = yaml.safe_load(raw)
    return result


def load(sources: Iterable[str] = DEFAULT_SOURCES) -> Dict[str, Any]:
    merged: Dict[str, Any] = {}
    for name in sources:
        path = Path(name)
        if path.is_file():
            _deep_merge(merged, parse_document(path))
        else:
            log.info("skipping missing source %s", name)
    return dict(_deep_merge(merged, env_overrides(os.environ)))


def prune_cache(keep: int = 32) -> int:
    """Remove the oldest cache entries beyond ``keep``; returns count removed."""
    if not CACHE_DIR.is_dir():
        return 0
    entries = sorted(CACHE_DIR.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    for stale in entries[keep:]:
        stale.unlink()
    return max(0, len(entries) - keep)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="confstack", description=__doc__)
    parser.add_argument("sources", nargs="*", default=list(DEFAULT_SOURCES))
    parser.add_argument("--prune", type=int, metavar="N", help="keep only N cache entries")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        config = load(args.sources)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("could not load configuration: %s", exc)
        return 1
    print(json.dumps(config, indent=2, sort_keys=True))
    if args.prune is not None:
        log.info("pruned %d cache entries", prune_cache(args.prune))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
