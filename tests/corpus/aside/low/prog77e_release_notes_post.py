#!/usr/bin/env python3
"""Post the newest debian/changelog entry to the release tracker.

Reads the top stanza of debian/changelog, turns it into a release record and
sends it to the tracker's REST API.  The API token is taken from
RELEASE_TRACKER_TOKEN so it never lands in the repository.
"""
import argparse
import json
import logging
import os
import platform
import re
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime

log = logging.getLogger("release-notes")

HEADER_RE = re.compile(
    r"^(?P<source>[a-z0-9][a-z0-9.+-]+) \((?P<version>[^)]+)\) "
    r"(?P<dists>[^;]+); urgency=(?P<urgency>\w+)"
)
TRAILER_RE = re.compile(r"^ -- (?P<maint>.+?)  (?P<date>.+)$")
DEFAULT_API = "https://tracker.pkg.example.org/api/v2"


@dataclass
class ChangelogEntry:
    source: str
    version: str
    distributions: list
    urgency: str
    maintainer: str = ""
    date: str = ""
    changes: list = field(default_factory=list)


def parse_top_entry(path):
    entry = None
    with open(path, encoding="utf-8") as fh:
        for raw in fh:
            line = raw.rstrip("\n")
            if entry is None:
                m = HEADER_RE.match(line)
                if m:
                    entry = ChangelogEntry(m["source"], m["version"],
                                           m["dists"].split(), m["urgency"])
                continue
            t = TRAILER_RE.match(line)
            if t:
                entry.maintainer = t["maint"]
                entry.date = parsedate_to_datetime(t["date"]).isoformat()
                return entry
            text = line.strip()
            if text.startswith("* "):
                entry.changes.append(text[2:])
            elif text and entry.changes:
                entry.changes[-1] += " " + text
    if entry is None:
        raise ValueError(f"no changelog stanza found in {path}")
    return entry


def _runner_info():
    return {
        "host": platform.node(),
        "python": platform.python_version(),
        "pipeline": os.environ.get("CI_PIPELINE_ID", "local"),
    }


def build_payload(entry, project):
    return {
        "project": project,
        "package": entry.source,
        "version": entry.version,
        "suites": entry.distributions,
        "urgency": entry.urgency,
        "maintainer": entry.maintainer,
        "released_at": entry.date,
        "notes": entry.changes,
        "runner": _runner_info(),
    }


class TrackerClient:
    def __init__(self, base_url, token, timeout=15):
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def _request(self, method, path, body=None):
        data = json.dumps(body).encode("utf-8") if body is not None else None
        req = urllib.request.Request(
            f"{self.base_url}{path}", data=data, method=method,
            headers={
                "Authorization": f"Bearer {self.token}",
                "Content-Type": "application/json",
                "Accept": "application/json",
            },
        )
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)

    def post_release(self, payload):
        return self._request("POST", "/releases", payload)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--changelog", default="debian/changelog")
    ap.add_argument("--project", default=os.environ.get("TRACKER_PROJECT", "platform-debs"))
    ap.add_argument("--api", default=os.environ.get("TRACKER_API", DEFAULT_API))
    ap.add_argument("--dry-run", action="store_true", help="print the payload only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        entry = parse_top_entry(args.changelog)
    except (OSError, ValueError) as exc:
        log.error("cannot read changelog: %s", exc)
        return 2
    payload = build_payload(entry, args.project)

    if args.dry_run:
        json.dump(payload, sys.stdout, indent=2)
        print()
        return 0

    token = os.environ.get("RELEASE_TRACKER_TOKEN")
    if not token:
        log.error("RELEASE_TRACKER_TOKEN is not set")
        return 2

    client = TrackerClient(args.api, token)
    try:
        result = client.post_release(payload)
    except urllib.error.HTTPError as exc:
        log.error("tracker rejected release: %s %s", exc.code, exc.reason)
        return 1
    except urllib.error.URLError as exc:
        log.error("tracker unreachable: %s", exc.reason)
        return 1
    log.info("recorded %s %s as release #%s", entry.source, entry.version,
             result.get("id", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
