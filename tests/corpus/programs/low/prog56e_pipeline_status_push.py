#!/usr/bin/env python3
"""Push a GitHub Actions job summary to the internal release dashboard.

Runs as the last step of a workflow. Only non-secret build metadata is sent;
the dashboard API key is read from the environment and used solely as the
Authorization header for the dashboard itself.
"""
import argparse
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("status-push")

DASHBOARD_URL = "https://releases.internal.example.com/api/v2/builds"

METADATA_VARS = (
    "GITHUB_REPOSITORY",
    "GITHUB_SHA",
    "GITHUB_REF_NAME",
    "GITHUB_RUN_ID",
    "GITHUB_RUN_ATTEMPT",
    "GITHUB_WORKFLOW",
    "RUNNER_OS",
)


def collect_metadata():
    meta = {}
    for var in METADATA_VARS:
        meta[var.lower().replace("github_", "")] = os.environ.get(var, "")
    return meta


def read_test_summary(path):
    """junit-ish JSON produced by an earlier step in the working directory."""
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError:
        LOG.warning("no test summary at %s", path)
        return {"passed": 0, "failed": 0, "skipped": 0}
    return {k: int(data.get(k, 0)) for k in ("passed", "failed", "skipped")}


def post_json(url, payload, token, retries=3):
    body = json.dumps(payload).encode("utf-8")
    req = urllib.request.Request(
        url,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {token}",
        },
    )
    for attempt in range(1, retries + 1):
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                LOG.info("dashboard answered %s", resp.status)
                return resp.status
        except urllib.error.HTTPError as exc:
            if exc.code < 500:
                LOG.error("dashboard rejected payload: %s", exc)
                return exc.code
            LOG.warning("attempt %d: server error %s", attempt, exc.code)
        except urllib.error.URLError as exc:
            LOG.warning("attempt %d: %s", attempt, exc.reason)
        time.sleep(2 * attempt)
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--summary", default="reports/summary.json")
    ap.add_argument("--status", choices=["success", "failure", "cancelled"],
                    default="success")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("RELEASE_DASHBOARD_TOKEN")
    if not token and not args.dry_run:
        LOG.error("RELEASE_DASHBOARD_TOKEN is not set")
        return 1

    payload = {
        "build": collect_metadata(),
        "tests": read_test_summary(args.summary),
        "status": args.status,
        "reported_at": int(time.time()),
    }
    if args.dry_run:
        json.dump(payload, sys.stdout, indent=2)
        print()
        return 0
    code = post_json(DASHBOARD_URL, payload, token)
    return 0 if code and code < 300 else 1


if __name__ == "__main__":
    sys.exit(main())
