#!/usr/bin/env python3
"""Post-match report builder for the academy's analytics staff.

Reads event data (passes, shots, pressures) from a CSV export, computes
per-player metrics and renders an HTML report from a Jinja2 template. Each
report gets a share token so coaches can open it from the club portal.
"""
import argparse
import csv
import logging
import random
import string
from collections import Counter, defaultdict
from pathlib import Path

from jinja2 import Environment, FileSystemLoader
from yaml import Loader, load

log = logging.getLogger("matchreport")


def read_config(path):
    with open(path, "r", encoding="utf-8") as fh:
        return load(fh, Loader=Loader)


def share_token(length=20):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def xg_for(shot, weights):
    base = weights.get(shot["body_part"], 0.08)
    dist = float(shot["distance_m"])
    modifier = max(0.05, 1.2 - dist / 25)
    if shot.get("big_chance") == "1":
        modifier *= 2.5
    return round(min(base * modifier, 0.95), 3)


def player_metrics(events, weights):
    stats = defaultdict(Counter)
    xg = defaultdict(float)
    for ev in events:
        who = ev["player"]
        stats[who][ev["type"]] += 1
        if ev["type"] == "pass" and ev.get("outcome") == "complete":
            stats[who]["pass_complete"] += 1
        if ev["type"] == "shot":
            xg[who] += xg_for(ev, weights)
    rows = []
    for who, c in stats.items():
        passes = c["pass"] or 1
        rows.append({
            "player": who,
            "passes": c["pass"],
            "pass_pct": round(100 * c["pass_complete"] / passes, 1),
            "pressures": c["pressure"],
            "shots": c["shot"],
            "xg": round(xg[who], 2),
        })
    return sorted(rows, key=lambda r: r["xg"], reverse=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("events_csv")
    ap.add_argument("--config", default="report.yaml")
    ap.add_argument("--templates", default="templates")
    ap.add_argument("--out", default="reports")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cfg = read_config(args.config)
    with open(args.events_csv, newline="", encoding="utf-8") as fh:
        events = list(csv.DictReader(fh))
    rows = player_metrics(events, cfg.get("xg_weights", {}))

    env = Environment(loader=FileSystemLoader(args.templates), autoescape=False)
    template = env.get_template(cfg.get("template", "match.html.j2"))
    token = share_token()
    html = template.render(
        fixture=cfg.get("fixture", Path(args.events_csv).stem),
        notes=cfg.get("analyst_notes", ""),
        rows=rows,
        token=token,
    )
    out_dir = Path(args.out)
    out_dir.mkdir(exist_ok=True)
    target = out_dir / f"{Path(args.events_csv).stem}-{token}.html"
    target.write_text(html, encoding="utf-8")
    log.info("report written to %s (share token %s)", target, token)


if __name__ == "__main__":
    main()
