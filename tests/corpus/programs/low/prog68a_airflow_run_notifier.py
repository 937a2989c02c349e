#!/usr/bin/env python3
"""Post a summary of recent Airflow DAG runs to a Slack channel.

Reads the export produced by ``airflow dags list-runs -o json`` (or a dump
of the REST API ``/dagRuns`` endpoint) and posts a compact per-state summary
through the Slack Web API. The bot token is taken from SLACK_BOT_TOKEN.

Usage:
    airflow dags list-runs -d etl_daily -o json > runs.json
    SLACK_BOT_TOKEN=xoxb-... python run_notifier.py --runs runs.json --channel '#data-oncall'
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import socket
import sys
import time
from collections import Counter
from pathlib import Path

import requests

log = logging.getLogger("run_notifier")

SLACK_POST_URL = "https://slack.com/api/chat.postMessage"
MAX_FAILED_LISTED = 25


def load_runs(path: Path) -> list[dict]:
    with path.open() as fh:
        data = json.load(fh)
    # REST API dumps wrap the list, the CLI export does not
    if isinstance(data, dict):
        data = data.get("dag_runs", [])
    log.debug("loaded %d runs from %s", len(data), path)
    return data


def summarise(runs: list[dict]) -> dict:
    states = Counter(r.get("state", "unknown") for r in runs)
    failed = [
        {
            "dag_id": r.get("dag_id"),
            "run_id": r.get("run_id"),
            "logical_date": r.get("logical_date") or r.get("execution_date"),
        }
        for r in runs
        if r.get("state") == "failed"
    ]
    return {
        "total": len(runs),
        "states": dict(states),
        "failed": failed[:MAX_FAILED_LISTED],
        "dags": sorted({r.get("dag_id") for r in runs if r.get("dag_id")}),
    }


def render_text(summary: dict) -> str:
    host = socket.gethostname()
    states = ", ".join(f"{k}: {v}" for k, v in sorted(summary["states"].items()))
    lines = [f"*Airflow run summary* from `{host}` - {summary['total']} runs ({states})"]
    for item in summary["failed"]:
        lines.append(f"  :x: `{item['dag_id']}` {item['run_id']} ({item['logical_date']})")
    if not summary["failed"]:
        lines.append("  :white_check_mark: no failed runs")
    return "\n".join(lines)


def post_message(token: str, channel: str, text: str, retries: int = 3, timeout: float = 10.0) -> bool:
    headers = {
        "Authorization": f"Bearer {token}",
        "Content-Type": "application/json; charset=utf-8",
    }
    for attempt in range(1, retries + 1):
        try:
            resp = requests.post(
                SLACK_POST_URL,
                json={"channel": channel, "text": text, "mrkdwn": True},
                headers=headers,
                timeout=timeout,
            )
            body = resp.json()
            if body.get("ok"):
                log.info("posted to %s (ts=%s)", channel, body.get("ts"))
                return True
            log.warning("slack error: %s", body.get("error"))
            if body.get("error") in {"invalid_auth", "channel_not_found"}:
                return False
        except (requests.RequestException, ValueError) as exc:
            log.warning("attempt %d failed: %s", attempt, exc)
        time.sleep(2 ** attempt)
    return False


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=Path, default=Path("runs.json"))
    p.add_argument("--channel", default=os.environ.get("SLACK_CHANNEL", "#data-oncall"))
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    try:
        runs = load_runs(args.runs)
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read runs export: %s", exc)
        return 2

    text = render_text(summarise(runs))
    if args.dry_run:
        print(text)
        return 0

    token = os.environ.get("SLACK_BOT_TOKEN")
    if not token:
        log.error("SLACK_BOT_TOKEN is not set")
        return 2
    return 0 if post_message(token, args.channel, text) else 1


if __name__ == "__main__":
    sys.exit(main())
