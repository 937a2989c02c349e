#!/usr/bin/env python3
"""Build the PA and scoreboard message schedule for a public skate session.

Reads the day's session plan (JSON), produces timed PA announcements
(session start, resurface warnings, lost property, closing) and the matching
scoreboard ticker text, writes both to ./schedule, and optionally sends the
ticker lines to the scoreboard controller's UDP text port.
"""
import argparse
import hashlib
import json
import logging
import secrets
import socket
import sys
from datetime import datetime, timedelta
from pathlib import Path

LOG = logging.getLogger("pa-schedule")

OUT_DIR = Path("schedule")
TICKER_ADDR = ("198.51.100.20", 7010)

TEMPLATES = {
    "open": "Welcome to {name}. The ice is now open. Please skate anticlockwise.",
    "resurface_warn": "The ice will close for resurfacing in {mins} minutes.",
    "resurface": "Please leave the ice now for resurfacing. Thank you.",
    "lost": "Lost property is held at the skate hire desk.",
    "close": "{name} is now finished. Please return hire skates to the desk.",
}


def board_model():
    """Pick the ticker line length from the host board (Pi 4 boxes drive the wide board)."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return 32
    return 48 if "Raspberry Pi 4" in text else 32


class SessionPlan:
    def __init__(self, data):
        self.name = data["name"]
        self.start = datetime.fromisoformat(data["start"])
        self.end = datetime.fromisoformat(data["end"])
        self.resurfaces = [datetime.fromisoformat(t) for t in data.get("resurfaces", [])]

    @classmethod
    def load(cls, path):
        return cls(json.loads(Path(path).read_text(encoding="utf-8")))


def build_events(plan, warn_minutes=10):
    events = [(plan.start, "open", {})]
    for r in plan.resurfaces:
        events.append((r - timedelta(minutes=warn_minutes), "resurface_warn", {"mins": warn_minutes}))
        events.append((r, "resurface", {}))
    t = plan.start + timedelta(minutes=45)
    while t < plan.end - timedelta(minutes=15):
        events.append((t, "lost", {}))
        t += timedelta(minutes=60)
    events.append((plan.end, "close", {}))
    events.sort(key=lambda e: e[0])
    out = []
    for when, kind, extra in events:
        text = TEMPLATES[kind].format(name=plan.name, **extra)
        out.append({"at": when.isoformat(timespec="minutes"), "kind": kind, "text": text})
    return out


def ticker_lines(events, width):
    lines = []
    for e in events:
        txt = e["text"].upper()
        lines.append(txt if len(txt) <= width else txt[: width - 1] + "~")
    return lines


def write_outputs(events, lines, batch_id):
    OUT_DIR.mkdir(exist_ok=True)
    (OUT_DIR / "pa.json").write_text(json.dumps({"batch": batch_id, "events": events}, indent=2))
    (OUT_DIR / "ticker.txt").write_text("\n".join(lines) + "\n")
    digest = hashlib.sha256((OUT_DIR / "pa.json").read_bytes()).hexdigest()
    (OUT_DIR / "pa.json.sha256").write_text(digest + "\n")
    return digest


def send_ticker(lines, batch_id, addr=TICKER_ADDR):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.settimeout(2)
    sent = 0
    try:
        for i, line in enumerate(lines):
            packet = f"{batch_id}|{i:03d}|{line}".encode("ascii", "replace")
            sock.sendto(packet, addr)
            sent += 1
    except OSError as exc:
        LOG.warning("ticker send stopped after %d lines: %s", sent, exc)
    finally:
        sock.close()
    return sent


def main():
    ap = argparse.ArgumentParser(description="Build PA/scoreboard schedule for a session")
    ap.add_argument("plan", help="session plan JSON")
    ap.add_argument("--warn", type=int, default=10, help="minutes of resurface warning")
    ap.add_argument("--send", action="store_true", help="push ticker lines to the scoreboard")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        plan = SessionPlan.load(args.plan)
    except (OSError, KeyError, ValueError) as exc:
        LOG.error("bad session plan: %s", exc)
        return 1
    batch_id = secrets.token_hex(4)
    events = build_events(plan, args.warn)
    lines = ticker_lines(events, board_model())
    digest = write_outputs(events, lines, batch_id)
    LOG.info("batch %s: %d events, sha256 %s", batch_id, len(events), digest[:12])
    if args.send:
        LOG.info("sent %d ticker lines", send_ticker(lines, batch_id))
    return 0


if __name__ == "__main__":
    sys.exit(main())
