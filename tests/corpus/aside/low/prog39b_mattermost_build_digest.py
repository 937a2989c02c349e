#!/usr/bin/env python3
"""Post a compact CI build digest into a Mattermost channel.

Reads the JSON summaries that the test runner drops into ./build/ and
publishes one message per pipeline run through the Mattermost REST API.
The personal access token is taken from MM_TOKEN and is only ever sent
to the configured Mattermost server.
"""

import argparse
import json
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional

import requests

log = logging.getLogger("mm-digest")

STATUS_EMOJI = {
    "passed": ":white_check_mark:",
    "failed": ":x:",
    "skipped": ":fast_forward:",
    "flaky": ":warning:",
}


@dataclass
class SuiteResult:
    name: str
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    duration_s: float = 0.0
    failures: List[str] = field(default_factory=list)

    @property
    def status(self) -> str:
        if self.failed:
            return "failed"
        if self.passed == 0 and self.skipped:
            return "skipped"
        return "passed"


def load_results(build_dir: Path) -> List[SuiteResult]:
    results = []
    for path in sorted(build_dir.glob("summary*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            log.warning("skipping %s: %s", path, exc)
            continue
        for suite in data.get("suites", []):
            results.append(
                SuiteResult(
                    name=suite.get("name", path.stem),
                    passed=int(suite.get("passed", 0)),
                    failed=int(suite.get("failed", 0)),
                    skipped=int(suite.get("skipped", 0)),
                    duration_s=float(suite.get("duration", 0.0)),
                    failures=list(suite.get("failures", []))[:5],
                )
            )
    return results


def render(results: List[SuiteResult], pipeline: str) -> str:
    lines = [f"#### Build digest for `{pipeline}`", "",
             "| Suite | Result | Passed | Failed | Skipped | Time |",
             "|---|---|---:|---:|---:|---:|"]
    for r in results:
        lines.append(
            f"| {r.name} | {STATUS_EMOJI[r.status]} | {r.passed} | {r.failed} "
            f"| {r.skipped} | {r.duration_s:.1f}s |"
        )
    broken = [r for r in results if r.failures]
    if broken:
        lines.append("")
        lines.append("**First failures**")
        for r in broken:
            for f in r.failures:
                lines.append(f"- `{r.name}`: {f}")
    return "\n".join(lines)


class MattermostClient:
    def __init__(self, base_url: str, token: str, timeout: float = 10.0):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {token}"})
        self.timeout = timeout

    def channel_id(self, team: str, channel: str) -> str:
        url = f"{self.base_url}/api/v4/teams/name/{team}/channels/name/{channel}"
        resp = self.session.get(url, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()["id"]

    def post(self, channel_id: str, message: str, root_id: Optional[str] = None) -> str:
        payload = {"channel_id": channel_id, "message": message}
        if root_id:
            payload["root_id"] = root_id
        resp = self.session.post(f"{self.base_url}/api/v4/posts",
                                 json=payload, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()["id"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--server", default=os.environ.get("MM_URL", "https://chat.example.com"))
    ap.add_argument("--team", default="engineering")
    ap.add_argument("--channel", default="ci-builds")
    ap.add_argument("--build-dir", default="build", type=Path)
    ap.add_argument("--pipeline", default=os.environ.get("CI_PIPELINE_ID", "local"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    results = load_results(args.build_dir)
    if not results:
        log.error("no summaries found in %s", args.build_dir)
        return 1
    message = render(results, args.pipeline)

    if args.dry_run:
        print(message)
        return 0

    token = os.environ.get("MM_TOKEN")
    if not token:
        log.error("MM_TOKEN is not set")
        return 2

    client = MattermostClient(args.server, token)
    try:
        cid = client.channel_id(args.team, args.channel)
        post_id = client.post(cid, message)
    except requests.RequestException as exc:
        log.error("posting failed: %s", exc)
        return 3
    log.info("posted digest as %s", post_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
