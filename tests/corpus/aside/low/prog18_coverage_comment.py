#!/usr/bin/env python3
"""CI step: posts the coverage summary of this build as a comment on the
pull request that triggered it."""
import json
import logging
import os
import sys
import urllib.request
import xml.etree.ElementTree as ET

log = logging.getLogger("coverage-comment")

API = os.environ.get("GITHUB_API_URL", "https://api.github.com")


def coverage_percent(path="coverage.xml") -> float:
    root = ET.parse(path).getroot()
    return float(root.get("line-rate", "0")) * 100


def pull_request_number() -> int:
    with open(os.environ["GITHUB_EVENT_PATH"]) as handle:
        event = json.load(handle)
    return event["pull_request"]["number"]


def post_comment(repo: str, number: int, body: str) -> int:
    token = os.environ["GITHUB_TOKEN"]
    request = urllib.request.Request(
        f"{API}/repos/{repo}/issues/{number}/comments",
        data=json.dumps({"body": body}).encode(),
        headers={
            "Authorization": f"Bearer {token}",
            "Accept": "application/vnd.github+json",
        },
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status


def main():
    logging.basicConfig(level=logging.INFO)
    repo = os.environ["GITHUB_REPOSITORY"]
    percent = coverage_percent()
    body = f"Line coverage of this build: **{percent:.1f} %**"
    status = post_comment(repo, pull_request_number(), body)
    log.info("comment posted (%s)", status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
