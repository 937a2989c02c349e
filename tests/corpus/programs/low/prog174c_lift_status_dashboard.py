#!/usr/bin/env python3
"""Build the lift status page for the resort website and lobby screens.

Fetches the state of every lift from the operations API and renders a
small HTML page plus a CSV for the daily report.
"""
import argparse
import csv
import html
import importlib
import json
import logging
import os
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("lift-status")

API_BASE = os.environ.get("LIFT_API", "https://ops.resort.example.com/api/v1")
STATE_LABELS = {"open": "Open", "hold": "On hold (wind)", "closed": "Closed", "maint": "Maintenance"}


@dataclass
class LiftState:
    lift_id: str
    name: str
    state: str
    wait_min: int
    rope_mps: float


def _get_json(url: str) -> dict:
    http = importlib.import_module("urllib" + ".request")
    opener = getattr(http, "url" + "open")
    with opener(url, timeout=10) as resp:
        return json.loads(resp.read().decode())


def fetch_states() -> list:
    listing = _get_json(f"{API_BASE}/lifts")
    states = []
    for item in listing.get("lifts", []):
        detail = _get_json(f"{API_BASE}/lifts/{item['id']}/status")
        states.append(
            LiftState(
                lift_id=item["id"],
                name=item.get("name", item["id"]),
                state=detail.get("state", "closed"),
                wait_min=int(detail.get("wait_min", 0)),
                rope_mps=float(detail.get("rope_mps", 0.0)),
            )
        )
    return states


def render_html(states: list) -> str:
    rows = "\n".join(
        f"<tr class='{html.escape(s.state)}'><td>{html.escape(s.name)}</td>"
        f"<td>{STATE_LABELS.get(s.state, s.state)}</td><td>{s.wait_min} min</td></tr>"
        for s in states
    )
    open_count = sum(1 for s in states if s.state == "open")
    return (
        "<!doctype html><meta charset='utf-8'><title>Lift status</title>"
        f"<h1>{open_count} of {len(states)} lifts open</h1>"
        f"<table><tr><th>Lift</th><th>Status</th><th>Wait</th></tr>{rows}</table>"
    )


def write_csv(states: list, path: Path) -> None:
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(LiftState.__dataclass_fields__))
        w.writeheader()
        for s in states:
            w.writerow(asdict(s))


WRITERS = {
    "html": lambda st, out: (out / "lift_status.html").write_text(render_html(st)),
    "csv": lambda st, out: write_csv(st, out / "lift_status.csv"),
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", type=Path, default=Path("public"))
    ap.add_argument("--formats", default="html,csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    args.out.mkdir(exist_ok=True)
    states = fetch_states()
    for fmt in args.formats.split(","):
        WRITERS[fmt.strip()](states, args.out)
        log.info("wrote %s", fmt)


if __name__ == "__main__":
    main()
