#!/usr/bin/env python3
"""Strategy plugin loader for the quantdesk backtester.

Pulls the named strategy from the shared strategy registry, checks it against
the registry index and runs it over a local OHLCV CSV, printing the signals.
"""
import argparse
import csv
import hashlib
import http.client
import json
import logging
import os
import sys
import types
from dataclasses import dataclass
from urllib.parse import urlsplit

log = logging.getLogger("strategy-loader")

REGISTRY = os.environ.get("STRATEGY_REGISTRY", "https://strategies.quantdesk.example.com/v2")


@dataclass
class Candle:
    ts: int
    open: float
    high: float
    low: float
    close: float
    volume: float


class RegistryClient:
    def __init__(self, base_url, token=None, timeout=15):
        parts = urlsplit(base_url)
        self.host = parts.netloc
        self.prefix = parts.path.rstrip("/")
        self.token = token
        self.timeout = timeout

    def _get(self, path):
        conn = http.client.HTTPSConnection(self.host, timeout=self.timeout)
        headers = {"Accept": "application/json, text/plain"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        try:
            conn.request("GET", f"{self.prefix}{path}", headers=headers)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise IOError(f"registry returned {resp.status} for {path}")
            return body
        finally:
            conn.close()

    def index(self):
        return json.loads(self._get("/index.json"))

    def source(self, name, version):
        return self._get(f"/plugins/{name}/{version}/strategy.py")


def fetch_plugin(client, name, version=None):
    entries = {e["name"]: e for e in client.index().get("plugins", [])}
    if name not in entries:
        raise KeyError(f"unknown strategy {name!r}; available: {', '.join(sorted(entries))}")
    entry = entries[name]
    version = version or entry["latest"]
    src = client.source(name, version)
    digest = hashlib.sha256(src).hexdigest()
    expected = entry.get("sha256", {}).get(version)
    if expected and expected != digest:
        raise ValueError(f"checksum mismatch for {name}@{version}")
    log.info("fetched %s@%s (%d bytes)", name, version, len(src))
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

    client = RegistryClient(REGISTRY, token=os.environ.get("QUANTDESK_TOKEN"))
    try:
        source, version = fetch_plugin(client, args.strategy, args.version)
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
