#!/usr/bin/env python3
"""Announce a release in Slack using the matching CHANGELOG.md section.

Runs as the last job of the release pipeline:

    SLACK_BOT_TOKEN=xoxb-... python3 release_announcer.py --version 2.8.0 \
        --channel C0123RELEASES

The bot token is read from the environment and sent only to the Slack Web API.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import re
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

SLACK_API = "https://slack.com/api/chat.postMessage"
LOG = logging.getLogger("release_announcer")
SECTION_RE = re.compile(r"^## \[?v?(?P<version>\d+\.\d+\.\d+[^\]\s]*)\]?(?:\s*-\s*(?P<date>\S+))?")


@dataclass
class ReleaseNotes:
    version: str
    date: str | None = None
    groups: dict[str, list[str]] = field(default_factory=dict)

    def total(self) -> int:
        return sum(len(v) for v in self.groups.values())


def parse_changelog(path: Path, version: str) -> ReleaseNotes:
    notes: ReleaseNotes | None = None
    current_group = "Changes"
    for raw in path.read_text(encoding="utf-8").splitlines():
        match = SECTION_RE.match(raw)
        if match:
            if notes is not None:
                break
            if match.group("version") == version:
                notes = ReleaseNotes(version=version, date=match.group("date"))
            continue
        if notes is None:
            continue
        line = raw.strip()
        if line.startswith("### "):
            current_group = line[4:].strip()
        elif line.startswith(("- ", "* ")):
            notes.groups.setdefault(current_group, []).append(line[2:].strip())
    if notes is None:
        raise LookupError(f"version {version} not found in {path}")
    return notes


def build_blocks(notes: ReleaseNotes, repo_url: str | None) -> list[dict]:
    title = f":rocket: Release {notes.version}"
    if notes.date:
        title += f" ({notes.date})"
    blocks: list[dict] = [{"type": "header", "text": {"type": "plain_text", "text": title}}]
    for group, items in notes.groups.items():
        shown = items[:10]
        text = f"*{group}*\n" + "\n".join(f"• {item}" for item in shown)
        if len(items) > len(shown):
            text += f"\n_…and {len(items) - len(shown)} more_"
        blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": text}})
    if repo_url:
        link = f"{repo_url.rstrip('/')}/releases/tag/v{notes.version}"
        blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": f"<{link}|Release page>"}]})
    return blocks


def post_to_slack(token: str, channel: str, blocks: list[dict], fallback: str, timeout: float) -> str:
    body = json.dumps({"channel": channel, "text": fallback, "blocks": blocks}).encode()
    request = urllib.request.Request(
        SLACK_API,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json; charset=utf-8",
            "Authorization": f"Bearer {token}",
        },
    )
    with urllib.request.urlopen(request, timeout=timeout) as resp:
        payload = json.load(resp)
    if not payload.get("ok"):
        raise RuntimeError(f"Slack API error: {payload.get('error', 'unknown')}")
    return payload.get("ts", "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--version", required=True, help="release version, e.g. 2.8.0")
    parser.add_argument("--channel", default=os.environ.get("RELEASE_CHANNEL", "#releases"))
    parser.add_argument("--changelog", type=Path, default=Path("CHANGELOG.md"))
    parser.add_argument("--repo-url", default=os.environ.get("CI_PROJECT_URL"))
    parser.add_argument("--timeout", type=float, default=15.0)
    parser.add_argument("--dry-run", action="store_true", help="print the message instead of posting")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")
    try:
        notes = parse_changelog(args.changelog, args.version.lstrip("v"))
    except (OSError, LookupError) as exc:
        LOG.error("%s", exc)
        return 1

    blocks = build_blocks(notes, args.repo_url)
    fallback = f"Release {notes.version}: {notes.total()} changes"
    if args.dry_run:
        print(json.dumps(blocks, indent=2, ensure_ascii=False))
        return 0

    token = os.environ.get("SLACK_BOT_TOKEN")
    if not token:
        LOG.error("SLACK_BOT_TOKEN is not set")
        return 2
    try:
        ts = post_to_slack(token, args.channel, blocks, fallback, args.timeout)
    except (urllib.error.URLError, RuntimeError) as exc:
        LOG.error("announcement failed: %s", exc)
        return 1
    LOG.info("announced %s in %s (ts=%s)", notes.version, args.channel, ts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
