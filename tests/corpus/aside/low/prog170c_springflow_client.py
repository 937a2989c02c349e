#!/usr/bin/env python3
"""Check spring discharge and visibility forecasts before a cave dive.

Talks to the regional hydrology service: fetches recent gauge readings for
the sites on the weekend plan and submits the plan for a flow forecast.
"""
import argparse
import importlib
import json
import logging
import os
from dataclasses import dataclass, asdict, field
from functools import partial
from typing import Any, Callable, Dict, List

log = logging.getLogger("springflow")

API_BASE = os.environ.get("SPRINGFLOW_API", "https://api.springflow.example/v3")


@dataclass
class Site:
    code: str
    name: str
    max_flow_m3s: float


@dataclass
class DivePlan:
    date: str
    team: int
    sites: List[Site] = field(default_factory=list)


class Client:
    def __init__(self, base: str, key: str):
        self.base = base.rstrip("/")
        self._http = importlib.import_module("requests").Session()
        self._http.headers.update({"X-Api-Key": key, "Accept": "application/json"})
        self._verbs: Dict[str, Callable] = {
            v: getattr(self._http, v) for v in ("get", "post", "head")
        }

    def _call(self, verb: str, path: str, **kw) -> Any:
        resp = self._verbs[verb](f"{self.base}{path}", timeout=20, **kw)
        resp.raise_for_status()
        return resp.json() if resp.content else None

    def __getattr__(self, verb: str) -> Callable:
        if verb in ("get", "post", "head"):
            return partial(self._call, verb)
        raise AttributeError(verb)

    def readings(self, code: str, hours: int = 72) -> List[dict]:
        return self.get(f"/gauges/{code}/readings", params={"hours": hours})["items"]

    def forecast(self, plan: DivePlan) -> dict:
        return self.post("/forecasts", json=asdict(plan))


def load_plan(path: str) -> DivePlan:
    with open(path) as fh:
        raw = json.load(fh)
    sites = [Site(**s) for s in raw.get("sites", [])]
    return DivePlan(date=raw["date"], team=raw.get("team", 2), sites=sites)


def assess(site: Site, readings: List[dict]) -> str:
    if not readings:
        return "no data"
    latest = readings[-1]["flow_m3s"]
    trend = latest - readings[0]["flow_m3s"]
    verdict = "go" if latest <= site.max_flow_m3s else "no-go"
    return f"{verdict} (flow {latest:.2f} m3/s, trend {trend:+.2f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("plan", help="weekend plan JSON")
    parser.add_argument("--hours", type=int, default=72)
    parser.add_argument("--no-forecast", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = os.environ.get("SPRINGFLOW_KEY")
    if not key:
        parser.error("set SPRINGFLOW_KEY")
    client = Client(API_BASE, key)
    plan = load_plan(args.plan)

    for site in plan.sites:
        try:
            status = assess(site, client.readings(site.code, args.hours))
        except Exception as exc:
            status = f"error: {exc}"
        print(f"{site.name:<24} {status}")

    if not args.no_forecast:
        fc = client.forecast(plan)
        for item in fc.get("sites", []):
            print(f"forecast {item['code']}: visibility {item.get('visibility_m', '?')} m")


if __name__ == "__main__":
    main()
