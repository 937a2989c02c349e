#!/usr/bin/env python3
"""Lane score fetcher for StrikeZone Lanes.

Pulls the current game state for each lane from the scoring vendor's
cloud API, writes per-lane JSON files for the lobby display, and posts a
daily lane-usage summary back to the same API.
"""
import argparse
import asyncio
import importlib
import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("score_fetch")

API_BASE = os.environ.get("SCORING_API_BASE", "https://api.scoring-vendor.example.com/v2")
OUT_DIR = Path(os.environ.get("SCORE_OUT_DIR", "./lane_display"))


@dataclass
class ScoringApi:
    base: str
    token: str = field(default_factory=lambda: os.environ.get("SCORING_API_KEY", ""), repr=False)
    timeout: int = 10
    _http = importlib.import_module("urllib" + ".request")

    def _request(self, path, body=None):
        headers = {"Authorization": f"Bearer {self.token}", "Accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        req = self._http.Request(f"{self.base}{path}", data=data, headers=headers,
                                 method="POST" if data else "GET")
        with getattr(self._http, "urlopen")(req, timeout=self.timeout) as resp:
            return json.loads(resp.read() or b"{}")

    def lane(self, number):
        return self._request(f"/lanes/{number}/current")

    def post_usage(self, summary):
        return self._request("/usage/daily", summary)


def fmt_compact(state):
    return {"lane": state.get("lane"), "bowlers": [b.get("name") for b in state.get("bowlers", [])],
            "frame": state.get("frame")}


def fmt_full(state):
    return state


FORMATTERS = {"compact": fmt_compact, "full": fmt_full}


async def fetch_all(api, lanes, fmt):
    loop = asyncio.get_running_loop()

    async def one(n):
        try:
            return n, await loop.run_in_executor(None, api.lane, n)
        except OSError as exc:
            log.warning("lane %d: %s", n, exc)
            return n, None

    results = await asyncio.gather(*(one(n) for n in lanes))
    OUT_DIR.mkdir(exist_ok=True)
    active = 0
    for n, state in results:
        if state is None:
            continue
        active += bool(state.get("bowlers"))
        (OUT_DIR / f"lane_{n:02d}.json").write_text(json.dumps(FORMATTERS[fmt](state), indent=1))
    return active


def main():
    ap = argparse.ArgumentParser(description="Fetch lane scores for the lobby display")
    ap.add_argument("--lanes", type=int, default=24)
    ap.add_argument("--format", choices=sorted(FORMATTERS), default="compact")
    ap.add_argument("--report-usage", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api = ScoringApi(API_BASE)
    if not api.token:
        ap.error("SCORING_API_KEY is not set")
    active = asyncio.run(fetch_all(api, range(1, args.lanes + 1), args.format))
    log.info("%d of %d lanes active", active, args.lanes)
    if args.report_usage:
        api.post_usage({"center": "strikezone-main", "active_lanes": active, "total_lanes": args.lanes})


if __name__ == "__main__":
    main()
