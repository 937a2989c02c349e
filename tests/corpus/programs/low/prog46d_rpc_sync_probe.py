#!/usr/bin/env python3
"""Probe one or more execution-layer JSON-RPC endpoints and report sync state.

The provider key is read from the environment and is only ever embedded in the
URL of the provider it belongs to. Results are written to ./rpc_probe.jsonl.
"""
import argparse
import json
import logging
import os
import time
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass, field

LOG = logging.getLogger("rpc-probe")

PROVIDERS = {
    "infura": "https://mainnet.infura.io/v3/{key}",
    "alchemy": "https://eth-mainnet.g.alchemy.com/v2/{key}",
    "local": "http://127.0.0.1:8545",
}


@dataclass
class ProbeResult:
    provider: str
    ok: bool
    latency_ms: float = 0.0
    block: int = -1
    syncing: bool = False
    peers: int = -1
    errors: list = field(default_factory=list)


def rpc_call(url, method, params=None, timeout=6.0):
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method,
                       "params": params or []}).encode()
    req = urllib.request.Request(url, data=body,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        payload = json.load(resp)
    if "error" in payload:
        raise RuntimeError(payload["error"].get("message", "rpc error"))
    return payload["result"]


def endpoint_for(provider):
    template = PROVIDERS[provider]
    if "{key}" not in template:
        return template
    key = os.environ.get(f"{provider.upper()}_API_KEY")
    if not key:
        raise KeyError(f"{provider.upper()}_API_KEY is not set")
    return template.format(key=key)


def probe(provider):
    result = ProbeResult(provider=provider, ok=False)
    try:
        url = endpoint_for(provider)
    except KeyError as exc:
        result.errors.append(str(exc))
        return result
    started = time.monotonic()
    try:
        result.block = int(rpc_call(url, "eth_blockNumber"), 16)
        result.syncing = rpc_call(url, "eth_syncing") is not False
        try:
            result.peers = int(rpc_call(url, "net_peerCount"), 16)
        except RuntimeError:
            pass  # hosted providers usually disable net_*
        result.ok = True
    except (urllib.error.URLError, RuntimeError, ValueError) as exc:
        result.errors.append(f"{type(exc).__name__}: {exc}")
    result.latency_ms = round((time.monotonic() - started) * 1000, 1)
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("providers", nargs="*", default=list(PROVIDERS))
    ap.add_argument("--out", default="rpc_probe.jsonl")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    results = [probe(p) for p in args.providers if p in PROVIDERS]
    heads = [r.block for r in results if r.ok]
    tip = max(heads) if heads else -1
    with open(args.out, "a", encoding="utf-8") as fh:
        for r in results:
            lag = tip - r.block if r.ok else None
            LOG.info("%-8s ok=%s block=%s lag=%s %.0fms", r.provider, r.ok,
                     r.block, lag, r.latency_ms)
            fh.write(json.dumps({"ts": int(time.time()), "lag": lag,
                                 **asdict(r)}) + "\n")
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
