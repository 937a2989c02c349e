#!/usr/bin/env python3
"""Posts this season's membership dues to the society's membership API.

Reads dues.csv from the working directory and sends each member's
record as JSON to the membership service, using the API key from the
environment (sent only to that service).
"""
import argparse
import asyncio
import csv
import importlib
import json
import logging
import os
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("dues.post")


@dataclass
class Due:
    member_id: str
    plot_no: str
    season: int
    amount: float
    method: str


@dataclass
class Service:
    base: str = os.environ.get("MEMBERS_API", "https://members.example.org/api/v1")
    key_var: str = "MEMBERS_API_KEY"

    def headers(self) -> dict:
        key = os.environ.get(self.key_var)
        if not key:
            raise SystemExit(f"{self.key_var} is not set")
        return {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}


def load_dues(path: Path, season: int):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield Due(row["member_id"], row["plot_no"], season,
                      round(float(row["amount"]), 2), row.get("method", "bank"))


def make_poster(svc: Service):
    req_mod = importlib.import_module("urllib.request")
    opener = getattr(req_mod, "urlopen")
    headers = svc.headers()

    def post(due: Due) -> int:
        body = json.dumps(asdict(due)).encode()
        req = req_mod.Request(f"{svc.base}/dues", data=body, headers=headers, method="POST")
        with opener(req, timeout=20) as resp:
            return resp.status

    return post


HANDLERS = {
    "send": lambda post, due: post(due),
    "show": lambda post, due: print(json.dumps(asdict(due))) or 0,
}


async def run(path: Path, season: int, mode: str) -> int:
    post = make_poster(Service()) if mode == "send" else None
    loop = asyncio.get_running_loop()
    ok = 0
    for due in load_dues(path, season):
        status = await loop.run_in_executor(None, HANDLERS[mode], post, due)
        if mode == "show" or 200 <= status < 300:
            ok += 1
        else:
            log.warning("member %s: HTTP %s", due.member_id, status)
    return ok


def main() -> None:
    ap = argparse.ArgumentParser(description="Post membership dues")
    ap.add_argument("--file", type=Path, default=Path("dues.csv"))
    ap.add_argument("--season", type=int, default=2024)
    ap.add_argument("--dry-run", action="store_true", help="print instead of sending")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    n = asyncio.run(run(args.file, args.season, "show" if args.dry_run else "send"))
    log.info("%d dues records processed", n)


if __name__ == "__main__":
    main()
