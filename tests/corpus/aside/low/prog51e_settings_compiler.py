#!/usr/bin/env python3
"""Two-stage settings compiler.

Stage ``compile`` merges defaults, an optional project overrides file and
environment variables into ./.cache/settings.json.  Stage ``show`` (or any
later tool) loads the compiled file back instead of re-reading every source.
"""
import argparse
import hashlib
import json
import logging
import os
from pathlib import Path

log = logging.getLogger("settingsc")

CACHE_DIR = Path(".cache")
COMPILED = CACHE_DIR / "settings.json"
OVERRIDES = Path("project.overrides.json")

DEFAULTS = {
    "workers": 4,
    "log_level": "INFO",
    "output_dir": "dist",
    "features": {"minify": True, "sourcemaps": False},
}

ENV_PREFIX = "SETTINGSC_"


def _merge(base, extra):
    out = dict(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _env_layer():
    layer = {}
    for name, raw in os.environ.items():
        if not name.startswith(ENV_PREFIX):
            continue
        key = name[len(ENV_PREFIX):].lower()
        layer[key] = int(raw) if raw.isdigit() else raw
    return layer


def fingerprint(payload):
    """MD5 is only a cache key here, never a security boundary."""
    blob = json.dumps(payload, sort_keys=True).encode()
    return hashlib.md5(blob).hexdigest()


def compile_settings():
    layers = [DEFAULTS]
    if OVERRIDES.exists():
        try:
            layers.append(json.loads(OVERRIDES.read_text()))
        except json.JSONDecodeError as exc:
            log.error("ignoring broken %s: %s", OVERRIDES, exc)
    layers.append(_env_layer())

    merged = {}
    for layer in layers:
        merged = _merge(merged, layer)

    key = fingerprint(merged)
    CACHE_DIR.mkdir(exist_ok=True)
    if COMPILED.exists():
        previous = json.loads(COMPILED.read_text())
        if previous.get("_fingerprint") == key:
            log.info("settings unchanged (%s)", key[:8])
            return previous
    merged["_fingerprint"] = key
    COMPILED.write_text(json.dumps(merged, indent=2, sort_keys=True))
    os.chmod(COMPILED, 0o600)
    log.info("wrote %s (%s)", COMPILED, key[:8])
    return merged


def load_compiled():
    if not COMPILED.exists():
        raise SystemExit("run 'compile' first")
    with COMPILED.open(encoding="utf-8") as fh:
        return json.load(fh)


def clean():
    for stale in CACHE_DIR.glob("settings*.json"):
        stale.unlink()
        log.info("removed %s", stale)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("stage", choices=["compile", "show", "clean"])
    parser.add_argument("--key", help="print a single top-level key")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.stage == "compile":
        compile_settings()
    elif args.stage == "clean":
        clean()
    else:
        data = load_compiled()
        print(json.dumps(data.get(args.key) if args.key else data, indent=2))


if __name__ == "__main__":
    main()
