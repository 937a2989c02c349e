#!/usr/bin/env python3
"""Reliable alert forwarding to PagerDuty Events API v2.

Monitoring checks drop alert dicts into an in-process outbox.  When the
PagerDuty API is unreachable, pending events are persisted to a spool
file in the working directory and re-sent on the next run.
"""
import argparse
import json
import logging
import os
import pickle
import time
from collections import deque
from pathlib import Path

import requests

EVENTS_URL = "https://events.pagerduty.com/v2/enqueue"
SPOOL = Path("spool/outbox.pkl")
log = logging.getLogger("pd-outbox")


class Outbox:
    def __init__(self, spool_path=SPOOL):
        self.spool_path = spool_path
        self.pending = deque()

    def restore(self):
        if not self.spool_path.exists():
            return 0
        with self.spool_path.open("rb") as fh:
            self.pending = pickle.load(fh)
        log.info("restored %d pending event(s) from %s", len(self.pending), self.spool_path)
        return len(self.pending)

    def persist(self):
        self.spool_path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.spool_path.with_suffix(".tmp")
        with tmp.open("wb") as fh:
            pickle.dump(self.pending, fh, protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(self.spool_path)

    def add(self, event):
        self.pending.append(event)

    def __len__(self):
        return len(self.pending)


def make_event(routing_key, alert):
    return {
        "routing_key": routing_key,
        "event_action": alert.get("action", "trigger"),
        "dedup_key": alert.get("dedup_key") or f'{alert["source"]}:{alert["check"]}',
        "payload": {
            "summary": alert["summary"][:1024],
            "source": alert["source"],
            "severity": alert.get("severity", "error"),
            "component": alert.get("check"),
            "custom_details": alert.get("details", {}),
        },
        "queued_at": time.time(),
    }


def flush(outbox, session, max_age):
    sent = 0
    while outbox.pending:
        event = outbox.pending[0]
        if time.time() - event.get("queued_at", 0) > max_age:
            log.warning("dropping stale event %s", event.get("dedup_key"))
            outbox.pending.popleft()
            continue
        body = {k: v for k, v in event.items() if k != "queued_at"}
        try:
            resp = session.post(EVENTS_URL, json=body, timeout=10)
        except requests.RequestException as exc:
            log.warning("PagerDuty unreachable: %s", exc)
            break
        if resp.status_code == 429 or resp.status_code >= 500:
            log.warning("PagerDuty busy (%s), keeping %d event(s)", resp.status_code, len(outbox))
            break
        if resp.status_code >= 400:
            log.error("event rejected: %s %s", resp.status_code, resp.text[:200])
        else:
            sent += 1
        outbox.pending.popleft()
    return sent


def read_alerts(path):
    alerts = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if line:
                alerts.append(json.loads(line))
    return alerts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("alerts", nargs="?", help="JSON-lines file of new alerts")
    ap.add_argument("--max-age", type=int, default=6 * 3600,
                    help="seconds after which queued events are discarded")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    routing_key = os.environ.get("PD_ROUTING_KEY")
    if not routing_key:
        raise SystemExit("PD_ROUTING_KEY is not set")

    outbox = Outbox()
    outbox.restore()
    if args.alerts:
        for alert in read_alerts(args.alerts):
            outbox.add(make_event(routing_key, alert))

    with requests.Session() as session:
        sent = flush(outbox, session, args.max_age)
    outbox.persist()
    log.info("sent %d event(s), %d still queued", sent, len(outbox))


if __name__ == "__main__":
    main()
