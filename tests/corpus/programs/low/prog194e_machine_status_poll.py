#!/usr/bin/env python3
"""Poll the WashVend cloud for the live status of every machine in a store.

Writes a status snapshot (CSV or JSON) into the working directory so the
store manager can see which machines are idle, running or out of order.
"""
import argparse
import asyncio
import csv
import importlib
import json
import logging
import os
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("suds.status")


@dataclass
class MachineStatus:
    machine: str
    kind: str
    state: str
    minutes_left: int
    last_error: str


class Api:
    base = os.environ.get("WASHVEND_API", "https://api.washvend.example.com")
    version = "v1"
    parts = ("stores", "{store}", "machines")

    def url(self, store: str) -> str:
        path = "/".join(self.parts).format(store=store)
        return f"{self.base.rstrip('/')}/{self.version}/{path}"


def _http_get():
    mod = importlib.import_module("req" + "uests")
    return getattr(mod, "get")


def parse(payload: dict) -> list:
    out = []
    for m in payload.get("machines", []):
        out.append(
            MachineStatus(
                machine=str(m.get("id", "?")),
                kind=m.get("type", "unknown"),
                state=m.get("state", "unknown"),
                minutes_left=int(m.get("remaining_min") or 0),
                last_error=m.get("last_error") or "",
            )
        )
    return out


async def fetch_store(store: str, timeout: float) -> list:
    get = _http_get()
    loop = asyncio.get_running_loop()
    url = Api().url(store)
    resp = await loop.run_in_executor(None, lambda: get(url, timeout=timeout))
    resp.raise_for_status()
    return parse(resp.json())


def write_csv(rows: list, dest: Path) -> None:
    with dest.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(MachineStatus.__dataclass_fields__))
        writer.writeheader()
        writer.writerows(asdict(r) for r in rows)


def write_json(rows: list, dest: Path) -> None:
    dest.write_text(json.dumps([asdict(r) for r in rows], indent=2))


WRITERS = {"csv": write_csv, "json": write_json}


def summarise(rows: list) -> dict:
    summary = {}
    for r in rows:
        summary[r.state] = summary.get(r.state, 0) + 1
    return summary


async def run(args) -> int:
    results = await asyncio.gather(
        *(fetch_store(s, args.timeout) for s in args.stores), return_exceptions=True
    )
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M")
    failures = 0
    for store, rows in zip(args.stores, results):
        if isinstance(rows, Exception):
            LOG.error("%s: %s", store, rows)
            failures += 1
            continue
        dest = Path(f"status_{store}_{stamp}.{args.format}")
        WRITERS[args.format](rows, dest)
        LOG.info("%s: %s -> %s", store, summarise(rows), dest)
    return 1 if failures else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("stores", nargs="+", help="store ids, e.g. store-017")
    parser.add_argument("--format", choices=sorted(WRITERS), default="csv")
    parser.add_argument("--timeout", type=float, default=10.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    raise SystemExit(asyncio.run(run(args)))


if __name__ == "__main__":
    main()
