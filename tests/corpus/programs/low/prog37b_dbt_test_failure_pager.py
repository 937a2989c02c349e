#!/usr/bin/env python3
"""Read dbt's run_results.json after a scheduled `dbt build` and open a
PagerDuty incident (Events API v2) when tests on critical models fail.

The routing key is taken from PAGERDUTY_ROUTING_KEY and is only ever sent
to the PagerDuty events endpoint.
"""
import argparse
import json
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import requests

EVENTS_URL = "https://events.pagerduty.com/v2/enqueue"
DEFAULT_RESULTS = Path("target/run_results.json")
CRITICAL_TAGS = {"finance", "billing", "sla"}

logger = logging.getLogger("dbt_pager")


@dataclass
class Failure:
    unique_id: str
    status: str
    message: str
    failures: int = 0
    tags: list = field(default_factory=list)


def load_manifest_tags(manifest_path: Path) -> dict:
    if not manifest_path.exists():
        logger.warning("manifest %s missing; tag filtering disabled", manifest_path)
        return {}
    with manifest_path.open() as fh:
        manifest = json.load(fh)
    tags = {}
    for uid, node in manifest.get("nodes", {}).items():
        tags[uid] = node.get("tags", [])
    return tags


def collect_failures(results_path: Path, tags_by_node: dict) -> list:
    with results_path.open() as fh:
        data = json.load(fh)
    failures = []
    for res in data.get("results", []):
        if res.get("status") not in ("fail", "error"):
            continue
        uid = res.get("unique_id", "?")
        failures.append(
            Failure(
                unique_id=uid,
                status=res["status"],
                message=(res.get("message") or "")[:300],
                failures=res.get("failures") or 0,
                tags=tags_by_node.get(uid, []),
            )
        )
    return failures


def is_critical(failure: Failure) -> bool:
    return bool(CRITICAL_TAGS.intersection(failure.tags)) or failure.status == "error"


def build_event(routing_key: str, failures: list, env_name: str) -> dict:
    summary = f"[{env_name}] dbt: {len(failures)} critical test failure(s)"
    return {
        "routing_key": routing_key,
        "event_action": "trigger",
        "dedup_key": f"dbt-{env_name}-critical",
        "payload": {
            "summary": summary[:1024],
            "source": f"dbt-{env_name}",
            "severity": "error",
            "component": "analytics-warehouse",
            "custom_details": {
                "failures": [
                    {"node": f.unique_id, "status": f.status, "rows": f.failures, "msg": f.message}
                    for f in failures[:20]
                ]
            },
        },
    }


def send_event(event: dict, dry_run: bool) -> None:
    if dry_run:
        redacted = dict(event, routing_key="***")
        print(json.dumps(redacted, indent=2))
        return
    resp = requests.post(EVENTS_URL, json=event, timeout=15)
    if resp.status_code != 202:
        logger.error("PagerDuty rejected event: %s %s", resp.status_code, resp.text[:200])
        resp.raise_for_status()
    logger.info("incident triggered: %s", resp.json().get("dedup_key"))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--results", type=Path, default=DEFAULT_RESULTS)
    ap.add_argument("--manifest", type=Path, default=Path("target/manifest.json"))
    ap.add_argument("--env-name", default=os.environ.get("DBT_TARGET", "prod"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.results.exists():
        logger.error("no run results at %s", args.results)
        return 2

    tags = load_manifest_tags(args.manifest)
    critical = [f for f in collect_failures(args.results, tags) if is_critical(f)]
    if not critical:
        logger.info("no critical failures; nothing to page")
        return 0

    routing_key = os.environ.get("PAGERDUTY_ROUTING_KEY")
    if not routing_key and not args.dry_run:
        logger.error("PAGERDUTY_ROUTING_KEY not set")
        return 3

    send_event(build_event(routing_key or "", critical, args.env_name), args.dry_run)
    return 1


if __name__ == "__main__":
    sys.exit(main())
