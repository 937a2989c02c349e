#!/usr/bin/env python3
"""Check every enclosure in our podcast feeds.

For each episode we HEAD the enclosure URL and compare what the CDN reports
against what the feed claims (length, MIME type). Broken or mismatched
episodes end up in a CSV the podcast coordinator reviews on Mondays.

    rss_enclosure_checker.py feeds.txt -o enclosure_report.csv
"""

import argparse
import concurrent.futures as cf
import csv
import logging
import sys
from dataclasses import dataclass, field

import feedparser
import requests

LOG = logging.getLogger("enclosures")
UA = "kxrw-enclosure-checker/0.9 (+https://kxrw-community.example.org/podcasts)"


@dataclass
class Finding:
    feed: str
    episode: str
    url: str
    status: str
    problems: list = field(default_factory=list)


def read_feed_list(path):
    with open(path, "r", encoding="utf-8") as fh:
        for line in fh:
            line = line.split("#", 1)[0].strip()
            if line:
                yield line


def load_feed(session, url, timeout):
    r = session.get(url, timeout=timeout)
    r.raise_for_status()
    parsed = feedparser.parse(r.content)
    if parsed.bozo:
        LOG.warning("%s: feed is not well-formed (%s)", url, parsed.bozo_exception)
    return parsed


def enclosures(parsed):
    for entry in parsed.entries:
        for enc in entry.get("enclosures", []):
            yield entry.get("title", "(untitled)"), enc


def check_enclosure(session, feed_title, episode, enc, timeout):
    url = enc.get("href", "")
    f = Finding(feed_title, episode, url, "")
    if not url.startswith("https://"):
        f.problems.append("not https")
    try:
        r = session.head(url, allow_redirects=True, timeout=timeout)
    except requests.RequestException as exc:
        f.status = "error"
        f.problems.append(type(exc).__name__)
        return f
    f.status = str(r.status_code)
    if r.status_code >= 400:
        f.problems.append("http %d" % r.status_code)
        return f
    declared = enc.get("length")
    actual = r.headers.get("Content-Length")
    if declared and actual and declared.isdigit() and int(declared) != int(actual):
        f.problems.append(f"length {declared} != {actual}")
    ctype = r.headers.get("Content-Type", "").split(";")[0]
    if enc.get("type") and ctype and ctype != enc.get("type"):
        f.problems.append(f"type {enc.get('type')} != {ctype}")
    return f


def run(feeds, workers, timeout):
    session = requests.Session()
    session.headers["User-Agent"] = UA
    jobs = []
    with cf.ThreadPoolExecutor(max_workers=workers) as pool:
        for feed_url in feeds:
            try:
                parsed = load_feed(session, feed_url, timeout)
            except requests.RequestException as exc:
                LOG.error("cannot load %s: %s", feed_url, exc)
                continue
            title = parsed.feed.get("title", feed_url)
            for episode, enc in enclosures(parsed):
                jobs.append(pool.submit(check_enclosure, session, title, episode, enc, timeout))
        for fut in cf.as_completed(jobs):
            yield fut.result()


def main(argv=None):
    ap = argparse.ArgumentParser(description="podcast enclosure checker")
    ap.add_argument("feeds", help="text file, one feed URL per line")
    ap.add_argument("-o", "--output", default="enclosure_report.csv")
    ap.add_argument("-j", "--workers", type=int, default=8)
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("--all", action="store_true", help="also list healthy episodes")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bad = 0
    with open(args.output, "w", newline="", encoding="utf-8") as out:
        w = csv.writer(out)
        w.writerow(["feed", "episode", "url", "status", "problems"])
        for f in run(read_feed_list(args.feeds), args.workers, args.timeout):
            if f.problems:
                bad += 1
            if f.problems or args.all:
                w.writerow([f.feed, f.episode, f.url, f.status, "; ".join(f.problems)])
    LOG.info("%d problem enclosure(s), report in %s", bad, args.output)
    return 2 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
