#!/usr/bin/env python3
"""Term attendance summary for the junior cricket section.

Each coach keeps a weekly register CSV (date, player_id, name, status) in
./registers/<squad>/. This script walks those files, works out each player's
attendance percentage for the term, flags players who have missed three
sessions in a row (the welfare officer asks coaches to check in with the
family) and writes a Markdown summary for the committee meeting.

Parsed registers are cached in ./.cache keyed on a hash of the file contents,
so re-running after adding one week's register is instant.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
from collections import defaultdict
from datetime import datetime
from pathlib import Path

log = logging.getLogger("term_summary")

CACHE_DIR = Path(".cache/registers")
PRESENT = {"P", "PRESENT", "L", "LATE"}
EXCUSED = {"E", "EXCUSED", "ILL", "HOLIDAY"}


def content_key(path):
    h = hashlib.md5()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def parse_register(path):
    rows = []
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for r in csv.DictReader(fh):
            try:
                day = datetime.strptime(r["date"].strip(), "%Y-%m-%d").date().isoformat()
            except (KeyError, ValueError):
                log.warning("%s: skipping row with bad date %r", path.name, r.get("date"))
                continue
            rows.append({"date": day, "player_id": r["player_id"].strip(),
                         "name": r.get("name", "").strip(),
                         "status": r.get("status", "").strip().upper()})
    return rows


def cached_rows(path, use_cache=True):
    key = content_key(path)
    cache_file = CACHE_DIR / f"{key}.json"
    if use_cache and cache_file.exists():
        return json.loads(cache_file.read_text())
    rows = parse_register(path)
    if use_cache:
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        cache_file.write_text(json.dumps(rows))
    return rows


def iter_squads(root):
    for squad_dir in sorted(p for p in root.iterdir() if p.is_dir()):
        files = sorted(squad_dir.glob("*.csv"))
        if files:
            yield squad_dir.name, files


def summarise(rows):
    by_player = defaultdict(list)
    names = {}
    for r in rows:
        by_player[r["player_id"]].append((r["date"], r["status"]))
        names[r["player_id"]] = r["name"] or names.get(r["player_id"], "")
    out = []
    for pid, marks in by_player.items():
        marks.sort()
        counted = [s for _, s in marks if s not in EXCUSED]
        present = sum(1 for s in counted if s in PRESENT)
        pct = round(100 * present / len(counted)) if counted else 100
        streak = worst = 0
        for _, s in marks:
            if s in PRESENT or s in EXCUSED:
                streak = 0
            else:
                streak += 1
                worst = max(worst, streak)
        out.append({"id": pid, "name": names[pid], "sessions": len(counted),
                    "present": present, "pct": pct, "flag": worst >= 3})
    return sorted(out, key=lambda p: (p["pct"], p["name"]))


def render(summary_by_squad, term):
    lines = [f"# Attendance summary - {term}", ""]
    for squad, players in summary_by_squad.items():
        flagged = [p for p in players if p["flag"]]
        avg = round(sum(p["pct"] for p in players) / len(players)) if players else 0
        lines += [f"## {squad}", "", f"Players: {len(players)} - average attendance {avg}%", ""]
        lines += ["| Player | Sessions | Present | % |", "|---|---|---|---|"]
        lines += [f"| {p['name']} | {p['sessions']} | {p['present']} | {p['pct']} |" for p in players]
        if flagged:
            lines += ["", "**Missed 3+ in a row:** " + ", ".join(p["name"] for p in flagged)]
        lines.append("")
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Term attendance summary")
    ap.add_argument("--registers", default="registers")
    ap.add_argument("--term", default="Summer term")
    ap.add_argument("--out", default="attendance_summary.md")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
        log.info("cache cleared")

    root = Path(args.registers)
    if not root.is_dir():
        log.error("register folder %s not found", root)
        return 1

    result = {}
    for squad, files in iter_squads(root):
        rows = [r for f in files for r in cached_rows(f, not args.no_cache)]
        result[squad] = summarise(rows)
        log.info("%s: %d registers, %d players", squad, len(files), len(result[squad]))

    out = Path(args.out)
    out.write_text(render(result, args.term), encoding="utf-8")
    os.chmod(out, 0o600)
    log.info("summary written to %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
