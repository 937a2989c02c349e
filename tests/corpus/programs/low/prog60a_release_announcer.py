"""shipit.announce -- tell the release dashboard that a version went out.

The plugin is invoked by ``shipit publish`` after the upload step.  It checks
PyPI for the freshly published version and then records the release on the
team dashboard, authenticating with ``SHIPIT_DASHBOARD_TOKEN``.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass, field
from typing import Any, Dict, List, Optional

log = logging.getLogger("shipit.announce")

PYPI_JSON = "https://pypi.org/pypi/{name}/{version}/json"
DASHBOARD_URL = os.environ.get("SHIPIT_DASHBOARD_URL", "https://releases.example-corp.dev/api/v2/releases")


@dataclass
class ReleaseRecord:
    project: str
    version: str
    files: List[str] = field(default_factory=list)
    requires_python: Optional[str] = None
    channel: str = "stable"


def fetch_release(name: str, version: str, timeout: float = 10.0) -> Dict[str, Any]:
    """GET the PyPI JSON document for one release."""
    url = PYPI_JSON.format(name=name, version=version)
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def build_record(name: str, version: str, meta: Dict[str, Any], channel: str) -> ReleaseRecord:
    files = [item["filename"] for item in meta.get("urls", [])]
    info = meta.get("info", {})
    return ReleaseRecord(name, version, files, info.get("requires_python"), channel)


class DashboardClient:
    """Tiny client for the release dashboard API."""

    def __init__(self, endpoint: str, token: str, timeout: float = 15.0) -> None:
        self.endpoint = endpoint
        self._token = token
        self.timeout = timeout

    def record(self, release: ReleaseRecord) -> int:
        body = json.dumps(asdict(release)).encode("utf-8")
        req = urllib.request.Request(
            self.endpoint,
            data=body,
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {self._token}",
            },
        )
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status


def announce(name: str, version: str, channel: str, dry_run: bool) -> int:
    try:
        meta = fetch_release(name, version)
    except urllib.error.HTTPError as exc:
        log.error("PyPI does not know %s==%s yet (%s)", name, version, exc.code)
        return 2
    record = build_record(name, version, meta, channel)
    log.info("release has %d files", len(record.files))
    if dry_run:
        print(json.dumps(asdict(record), indent=2))
        return 0
    token = os.environ.get("SHIPIT_DASHBOARD_TOKEN")
    if not token:
        log.error("SHIPIT_DASHBOARD_TOKEN is not set; use --dry-run to preview")
        return 1
    status = DashboardClient(DASHBOARD_URL, token).record(record)
    log.info("dashboard answered HTTP %d", status)
    return 0 if 200 <= status < 300 else 1


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="shipit-announce")
    parser.add_argument("project")
    parser.add_argument("version")
    parser.add_argument("--channel", default="stable", choices=["stable", "pre", "nightly"])
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")
    return announce(args.project, args.version, args.channel, args.dry_run)


if __name__ == "__main__":
    raise SystemExit(main())
