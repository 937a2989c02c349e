#!/usr/bin/env python3
"""Publish the release notes for a game patch to the studio's release API.

Parses the section for the requested version out of CHANGELOG.md and posts it
as JSON to the release service, authenticated with the release bot token
taken from the environment (RELEASE_BOT_TOKEN)."""

import argparse
import json
import logging
import os
import re
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("relnotes")

API = {
    "base": "https://" + ".".join(["api", "example", "com"]),
    "route": "/v1/releases/{version}/notes",
}
TOKEN_VAR = "RELEASE_BOT_TOKEN"
HEADING = re.compile(r"^##\s+\[?v?(?P<ver>\d+\.\d+\.\d+)\]?")


class NotesError(Exception):
    pass


def extract_section(text: str, version: str) -> str:
    lines, capture = [], False
    for line in text.splitlines():
        m = HEADING.match(line)
        if m:
            if capture:
                break
            capture = m.group("ver") == version
            continue
        if capture:
            lines.append(line)
    body = "\n".join(lines).strip()
    if not body:
        raise NotesError(f"no section for {version} in changelog")
    return body


def categorize(body: str) -> dict:
    groups = {"fixes": [], "features": [], "other": []}
    for line in body.splitlines():
        item = line.lstrip("-* ").strip()
        if not item:
            continue
        low = item.lower()
        if low.startswith(("fix", "fixed")):
            groups["fixes"].append(item)
        elif low.startswith(("add", "new")):
            groups["features"].append(item)
        else:
            groups["other"].append(item)
    return groups


class ReleaseClient:
    def __init__(self, token: str, timeout: float = 15.0):
        self._token = token
        self.timeout = timeout

    def publish(self, version: str, payload: dict) -> int:
        url = API["base"] + API["route"].format(version=version)
        req = urllib.request.Request(
            url,
            data=json.dumps(payload).encode(),
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {self._token}",
            },
        )
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("version")
    ap.add_argument("--changelog", type=Path, default=Path("CHANGELOG.md"))
    ap.add_argument("--channel", choices=["live", "ptr"], default="ptr")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        body = extract_section(args.changelog.read_text(encoding="utf-8"), args.version)
    except (OSError, NotesError) as exc:
        log.error("%s", exc)
        return 1

    payload = {"version": args.version, "channel": args.channel,
               "markdown": body, "sections": categorize(body)}
    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return 0

    token = os.environ.get(TOKEN_VAR)
    if not token:
        log.error("%s is not set", TOKEN_VAR)
        return 1
    try:
        status = ReleaseClient(token).publish(args.version, payload)
    except urllib.error.HTTPError as exc:
        log.error("release API rejected notes: HTTP %s", exc.code)
        return 1
    except urllib.error.URLError as exc:
        log.error("release API unreachable: %s", exc.reason)
        return 1
    log.info("published notes for %s to %s (HTTP %s)", args.version, args.channel, status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
