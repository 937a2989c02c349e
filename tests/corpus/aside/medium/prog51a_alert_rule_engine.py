#!/usr/bin/env python3
"""Async alert-rule engine for the warehouse sensor gateway.

Rules live in a local rules.yaml written by the operations team; each rule
has a Python condition that is evaluated against the latest sensor sample.
"""
import argparse
import asyncio
import logging
import math
import statistics
from pathlib import Path

import aiohttp
import yaml

log = logging.getLogger("rules")

SAFE_GLOBALS = {"__builtins__": {}, "abs": abs, "min": min, "max": max,
                "mean": statistics.fmean, "sqrt": math.sqrt}


class Rule:
    def __init__(self, name: str, condition: str, severity: str):
        self.name = name
        self.severity = severity
        self.source = condition
        self._code = compile(condition, f"<rule:{name}>", "eval")

    def check(self, sample: dict, history: list[dict]) -> bool:
        scope = dict(sample)
        scope["history"] = history
        return bool(eval(self._code, SAFE_GLOBALS, scope))


def load_rules(path: Path) -> list[Rule]:
    spec = yaml.safe_load(path.read_text()) or {}
    rules = []
    for name, body in spec.get("rules", {}).items():
        try:
            rules.append(Rule(name, body["when"], body.get("severity", "warning")))
        except (KeyError, SyntaxError) as exc:
            log.error("rule %s ignored: %s", name, exc)
    return rules


async def fetch_sample(session: aiohttp.ClientSession, url: str) -> dict:
    async with session.get(url, timeout=aiohttp.ClientTimeout(total=5)) as r:
        r.raise_for_status()
        return await r.json()


async def evaluate_forever(args) -> None:
    rules_path = Path(args.rules)
    mtime, rules = 0.0, []
    history: list[dict] = []
    firing: set[str] = set()
    async with aiohttp.ClientSession() as session:
        while True:
            current = rules_path.stat().st_mtime
            if current != mtime:
                rules, mtime = load_rules(rules_path), current
                log.info("loaded %d rules", len(rules))
            try:
                sample = await fetch_sample(session, args.gateway)
            except aiohttp.ClientError as exc:
                log.warning("gateway unavailable: %s", exc)
                await asyncio.sleep(args.interval)
                continue
            history = (history + [sample])[-args.window:]
            for rule in rules:
                try:
                    hit = rule.check(sample, history)
                except Exception as exc:  # rule bugs must not stop the loop
                    log.error("rule %s crashed: %s", rule.name, exc)
                    continue
                if hit and rule.name not in firing:
                    firing.add(rule.name)
                    log.warning("[%s] %s fired: %s", rule.severity, rule.name, rule.source)
                elif not hit and rule.name in firing:
                    firing.discard(rule.name)
                    log.info("%s resolved", rule.name)
            await asyncio.sleep(args.interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rules", default="rules.yaml")
    ap.add_argument("--gateway", default="http://127.0.0.1:9100/latest")
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--window", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    asyncio.run(evaluate_forever(args))


if __name__ == "__main__":
    main()
