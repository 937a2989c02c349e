#!/usr/bin/env python3
"""Strategy plugin runner for the quantdesk backtester.

Loads the named strategy from the local ./strategies checkout, checks it
against strategies/index.json and runs it over a local OHLCV CSV, printing
the signals.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import types
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("strategy-runner")

STRATEGY_DIR = Path(os.environ.get("STRATEGY_DIR", "strategies"))


@dataclass
class Candle:
    ts: int
    open: float
    high: float
    low: float
    close: float
    volume: float


class LocalRegistry:
    def __init__(self, root):
        self.root = Path(root)

    def _read(self, rel):
        path = self.root / rel
        if not path.is_file():
            raise IOError(f"missing {path}")
        return path.read_bytes()

    def index(self):
        return json.loads(self._read("index.json"))

    def source(self, name, version):
        return self._read(f"{name}/{version}/strategy.py")


def fetch_plugin(registry, name, version=None):
    entries = {e["name"]: e for e in registry.index().get("plugins", [])}
    if name not in entries:
        raise KeyError(f"unknown strategy {name!r}; available: {', '.join(sorted(entries))}")
    entry = entries[name]
    version = version or entry["latest"]
    src = registry.source(name, version)
    digest = hashlib.sha256(src).hexdigest()
    expected = entry.get("sha256", {}).get(version)
    if expected and expected != digest:
        raise ValueError(f"checksum mismatch for {name}@{version}; re-run git pull?")
    log.info("loaded %s@%s (%d bytes)", name, version, len(src))
    return src.decode("utf-8"), version


def materialise(name, source):
    module = types.ModuleType(f"quantdesk_plugins.{name}")
    module.__dict__["__builtins__"] = __builtins__
    code = compile(source, f"<plugin {name}>", "exec")
    exec(code, module.__dict__)
    if not hasattr(module, "generate_signals"):
        raise AttributeError(f"plugin {name} has no generate_signals()")
    return module


def load_candles(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield Candle(int(row["timestamp"]), float(row["open"]), float(row["high"]),
                         float(row["low"]), float(row["close"]), float(row["volume"]))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("strategy")
    ap.add_argument("candles", help="OHLCV csv with timestamp,open,high,low,close,volume")
    ap.add_argument("--version")
    ap.add_argument("--params", default="{}", help="JSON parameters for the strategy")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    registry = LocalRegistry(STRATEGY_DIR)
    try:
        source, version = fetch_plugin(registry, args.strategy, args.version)
        plugin = materialise(args.strategy, source)
    except (IOError, KeyError, ValueError, AttributeError, SyntaxError) as exc:
        log.error("could not load strategy: %s", exc)
        return 1

    candles = list(load_candles(args.candles))
    params = json.loads(args.params)
    signals = plugin.generate_signals(candles, **params)
    buys = sum(1 for s in signals if s == "buy")
    sells = sum(1 for s in signals if s == "sell")
    for candle, sig in zip(candles, signals):
        if sig != "hold":
            print(f"{candle.ts}\t{candle.close:.4f}\t{sig}")
    log.info("%s@%s: %d candles, %d buys, %d sells", args.strategy, version,
             len(candles), buys, sells)
    return 0


if __name__ == "__main__":
    sys.exit(main())
