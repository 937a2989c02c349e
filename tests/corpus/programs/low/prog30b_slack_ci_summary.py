#!/usr/bin/env python3
"""Post a CI test summary to a Slack channel.

Reads the JSON test report that our pytest plugin writes into the build
directory, condenses it into a short Block Kit message and sends it with
chat.postMessage using the bot token from SLACK_BOT_TOKEN.
"""
import argparse
import json
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import requests

SLACK_API = "https://slack.com/api/chat.postMessage"
log = logging.getLogger("ci-summary")


@dataclass
class TestSummary:
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    duration: float = 0.0
    failures: list = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.passed + self.failed + self.skipped

    @property
    def ok(self) -> bool:
        return self.failed == 0


def load_report(path: Path) -> TestSummary:
    with path.open("r", encoding="utf-8") as fh:
        data = json.load(fh)
    summary = TestSummary(duration=float(data.get("duration", 0.0)))
    for test in data.get("tests", []):
        outcome = test.get("outcome")
        if outcome == "passed":
            summary.passed += 1
        elif outcome == "skipped":
            summary.skipped += 1
        else:
            summary.failed += 1
            summary.failures.append(test.get("nodeid", "<unknown>"))
    return summary


def build_blocks(summary: TestSummary, branch: str, build_url: str) -> list:
    icon = ":white_check_mark:" if summary.ok else ":x:"
    header = f"{icon} *{branch}*: {summary.passed}/{summary.total} passed in {summary.duration:.1f}s"
    blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": header}}]
    if summary.failures:
        shown = summary.failures[:10]
        lines = "\n".join(f"• `{nodeid}`" for nodeid in shown)
        if len(summary.failures) > len(shown):
            lines += f"\n…and {len(summary.failures) - len(shown)} more"
        blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": lines}})
    if build_url:
        blocks.append({
            "type": "context",
            "elements": [{"type": "mrkdwn", "text": f"<{build_url}|Open build log>"}],
        })
    return blocks


def post_to_slack(token: str, channel: str, blocks: list, fallback: str) -> None:
    resp = requests.post(
        SLACK_API,
        headers={"Authorization": f"Bearer {token}"},
        json={"channel": channel, "text": fallback, "blocks": blocks},
        timeout=15,
    )
    resp.raise_for_status()
    body = resp.json()
    if not body.get("ok"):
        raise RuntimeError(f"Slack API error: {body.get('error')}")
    log.info("posted summary to %s (ts=%s)", channel, body.get("ts"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--report", default="build/test-report.json", type=Path)
    parser.add_argument("--channel", default="#ci-results")
    parser.add_argument("--branch", default=os.environ.get("CI_COMMIT_REF_NAME", "main"))
    parser.add_argument("--build-url", default=os.environ.get("CI_JOB_URL", ""))
    parser.add_argument("--only-failures", action="store_true",
                        help="stay quiet when every test passed")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    token = os.environ.get("SLACK_BOT_TOKEN")
    if not token:
        log.error("SLACK_BOT_TOKEN is not set")
        return 2

    try:
        summary = load_report(args.report)
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.report, exc)
        return 1

    if args.only_failures and summary.ok:
        log.info("all %d tests passed; nothing to post", summary.total)
        return 0

    fallback = f"{args.branch}: {summary.passed}/{summary.total} tests passed"
    try:
        post_to_slack(token, args.channel, build_blocks(summary, args.branch, args.build_url), fallback)
    except (requests.RequestException, RuntimeError) as exc:
        log.error("failed to post to Slack: %s", exc)
        return 1
    return 0 if summary.ok else 3


if __name__ == "__main__":
    sys.exit(main())
