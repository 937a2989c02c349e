#!/usr/bin/env python3
"""Client for the SwellCast partner API.

Registers the shop's surf-lesson spots with SwellCast and pulls back
the lesson-window scores the booking page shows. The partner key comes
from the environment and is only ever sent to the SwellCast API.
"""
import argparse
import asyncio
import importlib
import json
import logging
import os
from dataclasses import dataclass, asdict, field
from functools import partial
from pathlib import Path
from typing import Any, Dict, List

log = logging.getLogger("swellcast")

API_ROOT = "https://api.swellcast.example/v3"
SPOTS_FILE = Path(os.environ.get("SWELLCAST_SPOTS", "config/lesson_spots.json"))


@dataclass
class Spot:
    slug: str
    lat: float
    lon: float
    facing: int
    levels: List[str] = field(default_factory=lambda: ["beginner"])


class SwellCast:
    def __init__(self, root: str, key: str, timeout: float = 15.0):
        self.root = root.rstrip("/")
        self.timeout = timeout
        http = importlib.import_module("requests")
        self.session = http.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {key}",
            "Accept": "application/json",
            "User-Agent": "saltwater-surfshop-bookings/2.3",
        })

    def _call(self, verb: str, route: str, **kw) -> Any:
        method = getattr(self.session, verb.lower())
        resp = method(f"{self.root}{route}", timeout=self.timeout, **kw)
        resp.raise_for_status()
        return resp.json() if resp.content else None

    def register(self, spot: Spot) -> Dict[str, Any]:
        return self._call("POST", "/partners/me/spots", json=asdict(spot))

    def windows(self, slug: str, days: int) -> List[Dict[str, Any]]:
        return self._call("GET", f"/partners/me/spots/{slug}/windows", params={"days": days})


def load_spots(path: Path) -> List[Spot]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    return [Spot(**item) for item in raw]


async def _in_thread(fn, *args):
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, partial(fn, *args))


async def sync_spots(api: SwellCast, spots: List[Spot]) -> int:
    results = await asyncio.gather(*(_in_thread(api.register, s) for s in spots),
                                   return_exceptions=True)
    failed = 0
    for spot, res in zip(spots, results):
        if isinstance(res, Exception):
            log.warning("register %s failed: %s", spot.slug, res)
            failed += 1
        else:
            log.info("registered %s (id %s)", spot.slug, (res or {}).get("id"))
    return failed


async def show_windows(api: SwellCast, spots: List[Spot], days: int, out: Path) -> None:
    results = await asyncio.gather(*(_in_thread(api.windows, s.slug, days) for s in spots))
    table = {s.slug: w for s, w in zip(spots, results)}
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(table, indent=2))
    for slug, wins in table.items():
        best = max(wins or [{}], key=lambda w: w.get("score", 0))
        print(f"{slug:<18} best {best.get('start', '--')} score {best.get('score', '-')}")


def main() -> int:
    parser = argparse.ArgumentParser(description="SwellCast partner client")
    parser.add_argument("action", choices=["register", "windows"])
    parser.add_argument("--days", type=int, default=5)
    parser.add_argument("--out", type=Path, default=Path("site/data/lesson_windows.json"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = os.environ.get("SWELLCAST_API_KEY")
    if not key:
        log.error("SWELLCAST_API_KEY is not set")
        return 2
    api = SwellCast(API_ROOT, key)
    spots = load_spots(SPOTS_FILE)
    actions = {
        "register": lambda: sync_spots(api, spots),
        "windows": lambda: show_windows(api, spots, args.days, args.out),
    }
    result = asyncio.run(actions[args.action]())
    return 1 if result else 0


if __name__ == "__main__":
    raise SystemExit(main())
