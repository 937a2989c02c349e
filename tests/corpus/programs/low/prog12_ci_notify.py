#!/usr/bin/env python3
"""Posts the pipeline result to the team's Slack channel."""
import json
import logging
import os
import sys
import urllib.request

log = logging.getLogger("notify")

COLORS = {"success": "#2eb886", "failed": "#d00000"}


def message(status: str) -> dict:
    project = os.environ.get("CI_PROJECT_NAME", "project")
    branch = os.environ.get("CI_COMMIT_REF_NAME", "?")
    sha = os.environ.get("CI_COMMIT_SHORT_SHA", "?")
    url = os.environ.get("CI_PIPELINE_URL", "")
    return {
        "attachments": [{
            "color": COLORS.get(status, "#cccccc"),
            "title": f"{project} {branch} @ {sha}: {status}",
            "title_link": url,
        }]
    }


def post(webhook: str, body: dict) -> int:
    req = urllib.request.Request(webhook, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return resp.status


def main() -> int:
    logging.basicConfig(level=logging.INFO)
    hook = os.environ.get("SLACK_WEBHOOK_URL")
    if not hook:
        log.info("no webhook configured")
        return 0
    status = sys.argv[1] if len(sys.argv) > 1 else "success"
    log.info("slack answered %s", post(hook, message(status)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
