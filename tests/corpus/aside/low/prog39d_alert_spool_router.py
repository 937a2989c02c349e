#!/usr/bin/env python3
"""Alert spool router.

Alertmanager-style alerts are dropped as JSON files into ./alert-spool by the
local rule evaluator.  This router groups them, de-duplicates by fingerprint,
and opens incidents through the on-call provider's Events API.  The routing
key is read from the environment and is only ever sent to that API.
"""
import argparse
import json
import logging
import os
import sys
import time
from collections import defaultdict
from pathlib import Path

import requests

log = logging.getLogger("alert-router")

EVENTS_ENDPOINT = "https://events.oncall-provider.example/v2/enqueue"
SEVERITY_MAP = {"critical": "critical", "page": "critical",
                "warning": "warning", "ticket": "info"}


class Alert:
    __slots__ = ("name", "severity", "labels", "summary", "starts_at", "fingerprint")

    def __init__(self, doc: dict):
        labels = doc.get("labels", {})
        self.name = labels.get("alertname", "unnamed")
        self.severity = SEVERITY_MAP.get(labels.get("severity", "warning"), "warning")
        self.labels = labels
        self.summary = doc.get("annotations", {}).get("summary", self.name)
        self.starts_at = doc.get("startsAt")
        self.fingerprint = doc.get("fingerprint") or f"{self.name}:{labels.get('instance', '-')}"

    def to_event(self, routing_key: str) -> dict:
        return {
            "routing_key": routing_key,
            "event_action": "trigger",
            "dedup_key": self.fingerprint,
            "payload": {
                "summary": self.summary[:1024],
                "source": self.labels.get("instance", "unknown"),
                "severity": self.severity,
                "custom_details": {k: v for k, v in self.labels.items() if k != "severity"},
            },
        }


def read_spool(spool: Path) -> list[tuple[Path, Alert]]:
    items = []
    for path in sorted(spool.glob("*.json")):
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            log.warning("unreadable spool entry %s: %s", path.name, exc)
            continue
        for raw in doc if isinstance(doc, list) else [doc]:
            items.append((path, Alert(raw)))
    return items


def group_by_fingerprint(items):
    grouped = defaultdict(list)
    for path, alert in items:
        grouped[alert.fingerprint].append((path, alert))
    return grouped


def send_event(session: requests.Session, event: dict, retries: int = 3) -> bool:
    for attempt in range(1, retries + 1):
        try:
            resp = session.post(EVENTS_ENDPOINT, json=event, timeout=10)
        except requests.RequestException as exc:
            log.warning("attempt %d failed: %s", attempt, exc)
        else:
            if resp.status_code in (200, 202):
                return True
            if resp.status_code == 429:
                time.sleep(2 ** attempt)
                continue
            log.error("events API rejected %s: %s %s", event["dedup_key"],
                      resp.status_code, resp.text[:200])
            return False
        time.sleep(attempt)
    return False


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="route spooled alerts to on-call")
    ap.add_argument("--spool", type=Path, default=Path("alert-spool"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--keep", action="store_true", help="do not remove delivered files")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    routing_key = os.environ.get("ONCALL_ROUTING_KEY")
    if not routing_key and not args.dry_run:
        log.error("ONCALL_ROUTING_KEY is not set")
        return 2

    items = read_spool(args.spool)
    if not items:
        log.info("spool empty")
        return 0

    session = requests.Session()
    session.headers.update({"Content-Type": "application/json",
                            "User-Agent": "alert-spool-router/1.2"})
    delivered_files = set()
    failed = 0
    for fingerprint, group in group_by_fingerprint(items).items():
        _, alert = group[-1]
        event = alert.to_event(routing_key or "dry-run")
        if args.dry_run:
            shown = dict(event, routing_key="***")
            print(json.dumps(shown, indent=2))
            continue
        if send_event(session, event):
            log.info("delivered %s (%d duplicates folded)", fingerprint, len(group) - 1)
            delivered_files.update(p for p, _ in group)
        else:
            failed += 1

    if not args.keep:
        for path in delivered_files:
            path.unlink(missing_ok=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
