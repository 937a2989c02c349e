#!/usr/bin/env python3
"""Bridge firing Alertmanager alerts for one cluster into PagerDuty incidents.

Polls the Alertmanager v2 API, picks alerts whose severity is at or above the
configured threshold and sends them to the PagerDuty Events API v2 using the
integration routing key from PAGERDUTY_ROUTING_KEY. Already-sent alerts are
remembered in a small state file in the working directory.
"""
import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

logger = logging.getLogger("escalation-bridge")

PD_EVENTS_URL = "https://events.pagerduty.com/v2/enqueue"
SEVERITY_RANK = {"info": 0, "warning": 1, "error": 2, "critical": 3}
STATE_FILE = Path(".escalation-state.json")


class StateStore:
    def __init__(self, path):
        self.path = path
        self.sent = {}
        if path.exists():
            try:
                self.sent = json.loads(path.read_text())
            except json.JSONDecodeError:
                logger.warning("state file corrupt, starting fresh")

    def seen(self, fingerprint):
        return fingerprint in self.sent

    def mark(self, fingerprint, dedup_key):
        self.sent[fingerprint] = {"dedup_key": dedup_key, "ts": int(time.time())}

    def prune(self, max_age):
        cutoff = time.time() - max_age
        self.sent = {k: v for k, v in self.sent.items() if v["ts"] >= cutoff}

    def save(self):
        self.path.write_text(json.dumps(self.sent, indent=1))
        os.chmod(self.path, 0o600)


def fetch_alerts(alertmanager_url, cluster):
    resp = requests.get(
        f"{alertmanager_url.rstrip('/')}/api/v2/alerts",
        params={"active": "true", "silenced": "false", "filter": f'cluster="{cluster}"'},
        timeout=10,
    )
    resp.raise_for_status()
    return resp.json()


def to_pd_event(alert, routing_key, cluster):
    labels = alert.get("labels", {})
    annotations = alert.get("annotations", {})
    severity = labels.get("severity", "warning")
    return {
        "routing_key": routing_key,
        "event_action": "trigger",
        "dedup_key": f"{cluster}/{alert['fingerprint']}",
        "payload": {
            "summary": annotations.get("summary") or labels.get("alertname", "alert"),
            "source": f"{cluster}/{labels.get('namespace', 'cluster')}",
            "severity": severity if severity in ("critical", "error", "warning", "info") else "warning",
            "component": labels.get("pod") or labels.get("deployment"),
            "custom_details": {"labels": labels, "description": annotations.get("description")},
        },
        "links": [{"href": alert.get("generatorURL", ""), "text": "Prometheus"}],
    }


def send_event(session, event):
    resp = session.post(PD_EVENTS_URL, json=event, timeout=10)
    if resp.status_code == 429:
        raise RuntimeError("rate limited by PagerDuty")
    resp.raise_for_status()
    return resp.json().get("dedup_key")


def run_once(args, routing_key, state, session):
    alerts = fetch_alerts(args.alertmanager, args.cluster)
    threshold = SEVERITY_RANK[args.min_severity]
    sent = 0
    for alert in alerts:
        sev = alert.get("labels", {}).get("severity", "warning")
        if SEVERITY_RANK.get(sev, 1) < threshold or state.seen(alert["fingerprint"]):
            continue
        event = to_pd_event(alert, routing_key, args.cluster)
        if args.dry_run:
            logger.info("would page: %s", event["payload"]["summary"])
            continue
        dedup = send_event(session, event)
        state.mark(alert["fingerprint"], dedup)
        sent += 1
    return sent


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--alertmanager", default=os.environ.get("ALERTMANAGER_URL", "http://alertmanager:9093"))
    parser.add_argument("--cluster", required=True)
    parser.add_argument("--min-severity", choices=SEVERITY_RANK, default="error")
    parser.add_argument("--interval", type=int, default=60)
    parser.add_argument("--once", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    routing_key = os.environ.get("PAGERDUTY_ROUTING_KEY")
    if not routing_key and not args.dry_run:
        logger.error("PAGERDUTY_ROUTING_KEY is not set")
        return 2

    state = StateStore(STATE_FILE)
    with requests.Session() as session:
        session.headers["Content-Type"] = "application/json"
        while True:
            try:
                count = run_once(args, routing_key, state, session)
                logger.info("sent %d new incidents", count)
            except (requests.RequestException, RuntimeError) as exc:
                logger.warning("cycle failed: %s", exc)
            state.prune(7 * 24 * 3600)
            state.save()
            if args.once:
                return 0
            time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
