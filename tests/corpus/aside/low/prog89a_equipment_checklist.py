#!/usr/bin/env python3
"""Build the vehicle / kit-store checklist for the next duty week.

Takes the kit template (what should be on each vehicle and in each grab
bag, kit_template.yaml) and the equipment officer's register
(register.csv), and produces a Markdown checklist per location with items
that are missing, short, due inspection, or expiring (drugs, batteries,
pyrotechnics).  Output goes to ./checklists/<week>/.
"""

import argparse
import csv
import hashlib
import json
import logging
import os
import sys
from collections import defaultdict
from datetime import date, datetime, timedelta
from pathlib import Path

import yaml

LOG = logging.getLogger("checklist")
CACHE = Path(".checklist_cache.json")


def load_template(path: Path) -> dict:
    with path.open(encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    if "locations" not in data:
        raise ValueError("template has no 'locations' section")
    return data["locations"]


def load_register(path: Path):
    stock = defaultdict(list)
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            stock[(row["location"], row["item"])].append(row)
    return stock


def parse_day(s):
    return datetime.strptime(s, "%Y-%m-%d").date() if s else None


def check_location(name: str, wanted: dict, stock, horizon: date):
    lines, problems = [], 0
    for item, spec in sorted(wanted.items()):
        need = spec.get("qty", 1) if isinstance(spec, dict) else int(spec)
        rows = stock.get((name, item), [])
        have = sum(int(r.get("qty") or 1) for r in rows)
        notes = []
        if have < need:
            notes.append(f"short {need - have}")
        for r in rows:
            exp, insp = parse_day(r.get("expires")), parse_day(r.get("inspect_by"))
            if exp and exp <= horizon:
                notes.append(f"{r.get('serial') or 'batch'} expires {exp}")
            if insp and insp <= horizon:
                notes.append(f"{r.get('serial') or 'item'} inspection due {insp}")
        box = "[ ]" if notes else "[x]"
        problems += bool(notes)
        lines.append(f"- {box} **{item}** ({have}/{need})" + (f" - {'; '.join(notes)}" if notes else ""))
    return lines, problems


def inputs_key(*paths: Path) -> str:
    h = hashlib.md5()
    for p in paths:
        h.update(p.read_bytes())
    return h.hexdigest()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--template", type=Path, default=Path("kit_template.yaml"))
    ap.add_argument("--register", type=Path, default=Path("register.csv"))
    ap.add_argument("--days", type=int, default=14, help="look-ahead for expiry/inspection")
    ap.add_argument("--force", action="store_true", help="rebuild even if inputs unchanged")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        template = load_template(args.template)
        stock = load_register(args.register)
    except (OSError, ValueError, KeyError, yaml.YAMLError) as exc:
        LOG.error("cannot load inputs: %s", exc)
        return 2

    key = inputs_key(args.template, args.register) + f"-{args.days}-{date.today()}"
    cached = json.loads(CACHE.read_text()) if CACHE.exists() else {}
    if not args.force and cached.get("key") == key:
        LOG.info("inputs unchanged, checklists in %s are current", cached.get("outdir"))
        return 0

    week = date.today().strftime("%G-W%V")
    outdir = Path("checklists") / week
    outdir.mkdir(parents=True, exist_ok=True)
    horizon = date.today() + timedelta(days=args.days)
    total = 0
    for loc, wanted in template.items():
        lines, problems = check_location(loc, wanted or {}, stock, horizon)
        total += problems
        out = outdir / f"{loc.lower().replace(' ', '_')}.md"
        out.write_text(f"# {loc} - duty week {week}\n\n" + "\n".join(lines) + "\n", encoding="utf-8")
        os.chmod(out, 0o600)
        LOG.info("%-20s %d item(s) need attention", loc, problems)

    CACHE.write_text(json.dumps({"key": key, "outdir": str(outdir)}))
    LOG.info("%d issue(s) across %d location(s); checklists in %s", total, len(template), outdir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
