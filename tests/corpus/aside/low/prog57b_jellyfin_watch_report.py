#!/usr/bin/env python3
"""Weekly "what did the household watch" report for a self-hosted Jellyfin.

Reads server settings from ./jellyfin-report.yaml, queries the Jellyfin REST API
with an API key taken from the environment and writes a Markdown summary into
./reports/ in the current directory.
"""
import argparse
import datetime as dt
import logging
import os
import sys
from collections import Counter, defaultdict
from pathlib import Path

import requests
import yaml

log = logging.getLogger("jf-report")

DEFAULTS = {"server": "http://jellyfin.lan:8096", "limit": 500, "users": []}


def load_settings(path: Path) -> dict:
    settings = dict(DEFAULTS)
    if path.exists():
        with path.open("r", encoding="utf-8") as fh:
            settings.update(yaml.safe_load(fh) or {})
    return settings


class JellyfinClient:
    def __init__(self, base_url: str, api_key: str, timeout: float = 10.0):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers["X-Emby-Token"] = api_key
        self.timeout = timeout

    def _get(self, path: str, **params):
        resp = self.session.get(f"{self.base_url}{path}", params=params, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def users(self):
        return self._get("/Users")

    def played_items(self, user_id: str, limit: int):
        data = self._get(
            f"/Users/{user_id}/Items",
            Recursive="true",
            Filters="IsPlayed",
            SortBy="DatePlayed",
            SortOrder="Descending",
            Limit=limit,
            Fields="UserData",
        )
        return data.get("Items", [])


def summarise(items, since):
    per_type = Counter()
    titles = []
    for item in items:
        played = (item.get("UserData") or {}).get("LastPlayedDate")
        if not played:
            continue
        when = dt.datetime.fromisoformat(played[:19])
        if when < since:
            continue
        per_type[item.get("Type", "Unknown")] += 1
        titles.append((when, item.get("SeriesName") or item.get("Name")))
    return per_type, sorted(titles, reverse=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", type=Path, default=Path("jellyfin-report.yaml"))
    parser.add_argument("--days", type=int, default=7)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    api_key = os.environ.get("JELLYFIN_API_KEY")
    if not api_key:
        log.error("JELLYFIN_API_KEY is not set")
        return 2

    cfg = load_settings(args.config)
    client = JellyfinClient(cfg["server"], api_key)
    since = dt.datetime.now() - dt.timedelta(days=args.days)

    out_dir = Path("reports")
    out_dir.mkdir(exist_ok=True)
    report = out_dir / f"watched-{dt.date.today().isoformat()}.md"
    sections = defaultdict(list)
    try:
        for user in client.users():
            if cfg["users"] and user["Name"] not in cfg["users"]:
                continue
            counts, titles = summarise(client.played_items(user["Id"], cfg["limit"]), since)
            sections[user["Name"]].append(", ".join(f"{k}: {v}" for k, v in counts.items()) or "nothing")
            sections[user["Name"]].extend(f"- {w:%a %H:%M} {t}" for w, t in titles[:15])
    except requests.RequestException as exc:
        log.error("Jellyfin request failed: %s", exc)
        return 1

    with report.open("w", encoding="utf-8") as fh:
        fh.write(f"# Watched in the last {args.days} days\n\n")
        for name, lines in sections.items():
            fh.write(f"## {name}\n\n" + "\n".join(lines) + "\n\n")
    log.info("wrote %s", report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
