#!/usr/bin/env python3
"""Workshop job card printer with pluggable pricing/checklist extensions.

Job cards come from the booking system as JSON. Each extension ("hook") can
add lines to the card: e.g. the e-bike hook adds a battery check, the
warranty hook flags frames still under manufacturer cover. Hooks live in the
branch's hooks/ folder next to this script.
"""

import argparse
import hashlib
import json
import logging
import sys
import types
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("jobcards")

DEFAULT_HOOK_DIR = Path(__file__).resolve().parent / "hooks"


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
    """Loads the branch's hook modules from a local folder."""

    def __init__(self, hook_dir):
        self.hook_dir = Path(hook_dir)
        self.hooks = []

    def _entries(self):
        if not self.hook_dir.is_dir():
            return []
        return sorted(p for p in self.hook_dir.glob("*.py") if not p.name.startswith("_"))

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
        for path in self._entries():
            name = path.stem
            try:
                source = path.read_text(encoding="utf-8")
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
    ap.add_argument("--hooks", default=str(DEFAULT_HOOK_DIR))
    ap.add_argument("--out", default="cards")
    ap.add_argument("--no-hooks", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    rates = json.loads(Path(args.rates).read_text()) if Path(args.rates).exists() else {}
    registry = HookRegistry(args.hooks)
    if not args.no_hooks:
        log.info("%d hooks active", registry.refresh())

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
