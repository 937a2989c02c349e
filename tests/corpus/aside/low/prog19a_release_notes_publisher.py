#!/usr/bin/env python3
"""Publish release notes to the project tracker.

Reads a CHANGELOG section for a given version and creates a release entry
through the tracker's REST API. The API token is taken from the
TRACKER_API_TOKEN environment variable and is sent only to the tracker.
"""
import argparse
import logging
import os
import re
import sys
from pathlib import Path

import requests

log = logging.getLogger("release-notes")

API_BASE = "https://tracker.example.org/api/v3"


class TrackerClient:
    def __init__(self, token, project, timeout=15):
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": "Bearer " + token,
            "Accept": "application/json",
        })
        self.project = project
        self.timeout = timeout

    def create_release(self, version, notes, draft):
        url = "{}/projects/{}/releases".format(API_BASE, self.project)
        payload = {"tag": "v" + version, "title": "Release " + version,
                   "body": notes, "draft": draft}
        resp = self.session.post(url, json=payload, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def extract_section(changelog, version):
    """Return the text under '## <version>' up to the next '## ' heading."""
    pattern = re.compile(r"^##\s+\[?{}\]?.*?$(.*?)(?=^##\s|\Z)".format(re.escape(version)),
                         re.MULTILINE | re.DOTALL)
    match = pattern.search(changelog)
    if not match:
        raise KeyError(version)
    return match.group(1).strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("version", help="version number, e.g. 2.4.0")
    parser.add_argument("--project", default="widgets")
    parser.add_argument("--changelog", type=Path, default=Path("CHANGELOG.md"))
    parser.add_argument("--draft", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("TRACKER_API_TOKEN")
    if not token:
        log.error("TRACKER_API_TOKEN is not set")
        return 2
    try:
        notes = extract_section(args.changelog.read_text(encoding="utf-8"), args.version)
    except OSError as exc:
        log.error("cannot read changelog: %s", exc)
        return 2
    except KeyError:
        log.error("no section for version %s in %s", args.version, args.changelog)
        return 2

    client = TrackerClient(token, args.project)
    try:
        release = client.create_release(args.version, notes, args.draft)
    except requests.RequestException as exc:
        log.error("tracker rejected the release: %s", exc)
        return 1
    log.info("created release %s (id %s)", release.get("tag"), release.get("id"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
