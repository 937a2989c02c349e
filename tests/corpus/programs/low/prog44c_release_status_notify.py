#!/usr/bin/env python3
"""Post a release note to the status-page API after a successful deploy.

The API key is read from STATUSPAGE_API_KEY and sent only to the status-page
API in the Authorization header.
"""
import argparse
import datetime as dt
import logging
import os
import sys
from pathlib import Path

import requests

API_BASE = "https://api.statuspage.io/v1"
log = logging.getLogger("release-notify")


def current_revision(repo_dir: Path) -> str:
    """Resolve HEAD by reading .git directly (no git binary on the app hosts)."""
    head = (repo_dir / ".git" / "HEAD").read_text().strip()
    if head.startswith("ref: "):
        ref_path = repo_dir / ".git" / head[5:]
        if ref_path.exists():
            return ref_path.read_text().strip()[:12]
        packed = repo_dir / ".git" / "packed-refs"
        for line in packed.read_text().splitlines():
            if line.endswith(head[5:]):
                return line.split()[0][:12]
        return "unknown"
    return head[:12]


class StatusPageClient:
    def __init__(self, page_id: str, api_key: str, timeout: float = 15.0):
        self.page_id = page_id
        self.timeout = timeout
        self.http = requests.Session()
        self.http.headers.update({"Authorization": f"OAuth {api_key}",
                                  "Content-Type": "application/json"})

    def create_maintenance_note(self, title: str, body: str) -> dict:
        now = dt.datetime.now(dt.timezone.utc)
        payload = {"incident": {
            "name": title,
            "status": "completed",
            "body": body,
            "scheduled_for": now.isoformat(),
            "scheduled_until": (now + dt.timedelta(minutes=5)).isoformat(),
            "deliver_notifications": False,
        }}
        url = f"{API_BASE}/pages/{self.page_id}/incidents"
        resp = self.http.post(url, json=payload, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def build_body(app: str, revision: str, changelog: Path) -> str:
    lines = [f"{app} deployed at revision {revision}."]
    if changelog.exists():
        entries = [l.strip("- ").strip() for l in changelog.read_text().splitlines()
                   if l.startswith("- ")]
        if entries:
            lines.append("Changes:")
            lines.extend(f"* {e}" for e in entries[:10])
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--app", default="storefront")
    ap.add_argument("--page-id", default=os.environ.get("STATUSPAGE_PAGE_ID", ""))
    ap.add_argument("--repo", type=Path, default=Path("."))
    ap.add_argument("--changelog", type=Path, default=Path("CHANGES.md"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("STATUSPAGE_API_KEY")
    if not api_key or not args.page_id:
        log.error("STATUSPAGE_API_KEY and a page id are required")
        return 2
    try:
        revision = current_revision(args.repo)
    except OSError as exc:
        log.warning("cannot read git HEAD: %s", exc)
        revision = "unknown"
    body = build_body(args.app, revision, args.changelog)
    if args.dry_run:
        print(body)
        return 0
    client = StatusPageClient(args.page_id, api_key)
    try:
        note = client.create_maintenance_note(f"Deploy of {args.app}", body)
    except requests.RequestException as exc:
        log.error("status page rejected the note: %s", exc)
        return 1
    log.info("posted status note %s", note.get("id"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
