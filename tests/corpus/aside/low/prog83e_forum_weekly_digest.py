#!/usr/bin/env python3
"""Weekly community digest for the developer forum.

Pulls the most active topics from our Discourse instance, renders a
markdown digest and posts it to the announcements category. Each run is
appended to a local run log so we can see why a digest did or did not
go out.
"""
import argparse
import configparser
import datetime as dt
import json
import logging
import os
import platform
import sys
from pathlib import Path

import requests

log = logging.getLogger("forum-digest")

DEFAULT_CONFIG = "digest.ini"
RUN_LOG = Path("digest-runs.jsonl")


class DiscourseClient:
    def __init__(self, base_url, api_key, username, timeout=20):
        self.base = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update(
            {"Api-Key": api_key, "Api-Username": username, "Accept": "application/json"}
        )

    def top_topics(self, period="weekly"):
        resp = self.session.get(
            f"{self.base}/top.json", params={"period": period}, timeout=self.timeout
        )
        resp.raise_for_status()
        return resp.json().get("topic_list", {}).get("topics", [])

    def create_topic(self, category_id, title, raw):
        resp = self.session.post(
            f"{self.base}/posts.json",
            json={"title": title, "raw": raw, "category": category_id},
            timeout=self.timeout,
        )
        resp.raise_for_status()
        return resp.json()


def load_config(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise SystemExit(f"config file {path} not found")
    return cfg


def render_digest(topics, base_url, limit):
    today = dt.date.today()
    lines = [f"# Community digest - week of {today:%d %b %Y}", ""]
    ranked = sorted(topics, key=lambda t: (t.get("like_count", 0), t.get("posts_count", 0)), reverse=True)
    for topic in ranked[:limit]:
        url = f"{base_url}/t/{topic['slug']}/{topic['id']}"
        lines.append(
            f"- [{topic['title']}]({url}) - {topic.get('posts_count', 0)} replies, "
            f"{topic.get('like_count', 0)} likes"
        )
    if len(lines) == 2:
        lines.append("_Quiet week - no new topics._")
    lines += ["", "Thanks to everyone who helped out this week!"]
    return "\n".join(lines)


def record_run(status, detail):
    entry = {
        "bot": "forum-digest",
        "status": status,
        "detail": detail,
        "host": platform.node(),
        "python": platform.python_version(),
        "ts": dt.datetime.utcnow().isoformat() + "Z",
    }
    try:
        with RUN_LOG.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(entry) + "\n")
    except OSError as exc:
        log.warning("could not append to %s: %s", RUN_LOG, exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default=DEFAULT_CONFIG)
    ap.add_argument("--period", default="weekly", choices=["daily", "weekly", "monthly"])
    ap.add_argument("--limit", type=int, default=10)
    ap.add_argument("--dry-run", action="store_true", help="print digest, do not post")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    cfg = load_config(args.config)
    forum = cfg["forum"]
    api_key = os.environ.get("DISCOURSE_API_KEY") or forum.get("api_key")
    if not api_key:
        log.error("no Discourse API key (set DISCOURSE_API_KEY)")
        return 2

    client = DiscourseClient(forum["url"], api_key, forum.get("username", "digest-bot"))
    try:
        topics = client.top_topics(args.period)
        body = render_digest(topics, client.base, args.limit)
        if args.dry_run:
            print(body)
            record_run("dry-run", {"topics": len(topics)})
            return 0
        title = f"Community digest: {dt.date.today():%Y-%m-%d}"
        post = client.create_topic(forum.getint("category_id"), title, body)
        log.info("posted digest as topic %s", post.get("topic_id"))
        record_run("ok", {"topic_id": post.get("topic_id"), "topics": len(topics)})
        return 0
    except requests.HTTPError as exc:
        log.error("forum API error: %s", exc)
        record_run("error", {"error": str(exc)})
        return 1


if __name__ == "__main__":
    sys.exit(main())
