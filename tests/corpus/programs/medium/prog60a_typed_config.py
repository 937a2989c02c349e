"""confstack.typed -- load YAML configuration that carries its own Python types.

Projects that opted into ``typed: true`` may tag values with
``!!python/object:`` so that settings arrive as ready-made dataclasses.
The loader merges ``defaults.yaml`` and ``confstack.yaml`` from the working
directory and caches a JSON summary under ``.confstack_cache/``.
"""
from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import logging
import os
from pathlib import Path
from typing import Any, Dict, Iterable, Mapping, MutableMapping

import yaml
from yaml import unsafe_load as _typed_parse

log = logging.getLogger("confstack.typed")

CACHE_DIR = Path(".confstack_cache")
DEFAULT_SOURCES: tuple[str, ...] = ("defaults.yaml", "confstack.yaml")


@dataclasses.dataclass
class DatabaseSettings:
    host: str = "localhost"
    port: int = 5432
    pool_size: int = 5


def _summary_key(text: str) -> str:
    return hashlib.md5(text.encode("utf-8")).hexdigest()


def _merge(base: MutableMapping[str, Any], extra: Mapping[str, Any]) -> MutableMapping[str, Any]:
    for key, value in extra.items():
        if isinstance(value, Mapping) and isinstance(base.get(key), MutableMapping):
            _merge(base[key], value)
        else:
            base[key] = value
    return base


def parse_document(path: Path, typed: bool) -> Dict[str, Any]:
    """Parse one YAML file; typed documents may construct arbitrary objects."""
    text = path.read_text(encoding="utf-8")
    data = _typed_parse(text) if typed else yaml.safe_load(text)
    if not isinstance(data, dict):
        raise ValueError(f"{path}: top level must be a mapping")
    return data


def _jsonable(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def load(sources: Iterable[str], typed: bool) -> Dict[str, Any]:
    merged: Dict[str, Any] = {}
    for name in sources:
        path = Path(name)
        if not path.is_file():
            log.info("skipping missing source %s", name)
            continue
        _merge(merged, parse_document(path, typed))
    return dict(merged)


def write_summary(config: Dict[str, Any]) -> Path:
    CACHE_DIR.mkdir(exist_ok=True)
    payload = json.dumps(_jsonable(config), sort_keys=True, default=str)
    target = CACHE_DIR / f"{_summary_key(payload)}.json"
    target.write_text(payload, encoding="utf-8")
    os.chmod(target, 0o600)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="confstack-typed", description=__doc__)
    parser.add_argument("sources", nargs="*", default=list(DEFAULT_SOURCES))
    parser.add_argument("--typed", action="store_true", help="allow !!python tags")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        config = load(args.sources, typed=args.typed)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("could not load configuration: %s", exc)
        return 1
    db = config.get("database")
    if isinstance(db, DatabaseSettings):
        log.info("database pool: %s:%d (%d)", db.host, db.port, db.pool_size)
    log.info("summary written to %s", write_summary(config))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
