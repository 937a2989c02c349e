#!/usr/bin/env python3
"""Export application assignments for the quarterly access review.

For each application listed in the review scope file, fetches who is assigned
(directly or through a group) from the Okta Apps API and writes one CSV per
application plus a combined workbook-ready CSV into ./exports/<quarter>/.
Responses are cached under ./.cache so re-running a partially failed export
does not hammer the API.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from datetime import date
from pathlib import Path

log = logging.getLogger("access-review-export")

CACHE_DIR = Path(".cache/access-review")
FIELDS = ["app", "login", "email", "display_name", "scope", "via_group", "assigned", "last_login"]


def quarter_label(d=None):
    d = d or date.today()
    return f"{d.year}Q{(d.month - 1) // 3 + 1}"


class OktaReader:
    def __init__(self, org, token, cache_ttl=3600):
        self.org = org.rstrip("/")
        self.token = token
        self.cache_ttl = cache_ttl
        CACHE_DIR.mkdir(parents=True, exist_ok=True)

    def _cache_path(self, url):
        return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")

    def _get(self, url):
        cached = self._cache_path(url)
        if cached.exists() and time.time() - cached.stat().st_mtime < self.cache_ttl:
            entry = json.loads(cached.read_text())
            return entry["body"], entry.get("next")
        req = urllib.request.Request(url, headers={
            "Authorization": f"SSWS {self.token}", "Accept": "application/json"})
        for attempt in range(4):
            try:
                with urllib.request.urlopen(req, timeout=30) as resp:
                    body = json.load(resp)
                    nxt = self._next_link(resp.headers.get_all("Link") or [])
                break
            except urllib.error.HTTPError as exc:
                if exc.code != 429 or attempt == 3:
                    raise
                time.sleep(5 * (attempt + 1))
        cached.write_text(json.dumps({"body": body, "next": nxt}))
        return body, nxt

    @staticmethod
    def _next_link(headers):
        for header in headers:
            for part in header.split(","):
                if 'rel="next"' in part:
                    return part[part.find("<") + 1:part.find(">")]
        return None

    def paged(self, path, **params):
        url = f"{self.org}{path}?{urllib.parse.urlencode(params)}"
        while url:
            body, url = self._get(url)
            yield from body

    def app_users(self, app_id):
        return self.paged(f"/api/v1/apps/{app_id}/users", limit=500, expand="user")


def rows_for_app(reader, app):
    for au in reader.paged(f"/api/v1/apps/{app['id']}/users", limit=500, expand="user"):
        user = au.get("_embedded", {}).get("user", {})
        profile = user.get("profile", {})
        yield {
            "app": app["name"],
            "login": profile.get("login", au.get("credentials", {}).get("userName", "")),
            "email": profile.get("email", ""),
            "display_name": f"{profile.get('firstName', '')} {profile.get('lastName', '')}".strip(),
            "scope": au.get("scope", ""),
            "via_group": au.get("scope") == "GROUP",
            "assigned": au.get("created", ""),
            "last_login": user.get("lastLogin", ""),
        }


def write_csv(path, rows):
    with path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    os.chmod(path, 0o600)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scope", type=Path, default=Path("review_scope.json"),
                    help='JSON list of {"id": ..., "name": ...} applications')
    ap.add_argument("--quarter", default=quarter_label())
    ap.add_argument("--org", default=os.environ.get("OKTA_ORG_URL", "https://corp.okta.com"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("OKTA_API_TOKEN")
    if not token:
        log.error("OKTA_API_TOKEN is not set")
        return 2
    try:
        apps = json.loads(args.scope.read_text())
    except (OSError, ValueError) as exc:
        log.error("cannot read scope file %s: %s", args.scope, exc)
        return 2

    reader = OktaReader(args.org, token)
    out_dir = Path("exports") / args.quarter
    out_dir.mkdir(parents=True, exist_ok=True)
    combined, failed = [], []

    for app in apps:
        try:
            rows = list(rows_for_app(reader, app))
        except (urllib.error.URLError, ValueError) as exc:
            log.error("%s: %s", app["name"], exc)
            failed.append(app["name"])
            continue
        write_csv(out_dir / f"{app['name'].replace(' ', '_').lower()}.csv", rows)
        combined.extend(rows)
        log.info("%s: %d assignments", app["name"], len(rows))

    write_csv(out_dir / "all_applications.csv", combined)
    log.info("exported %d rows for %d apps to %s", len(combined), len(apps) - len(failed), out_dir)
    if failed:
        log.warning("incomplete: %s", ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
