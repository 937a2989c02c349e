#!/usr/bin/env python3
"""Collect items from a list of RSS/Atom feeds using a small worker pool.

Feeds are listed in feeds.json in the working directory; new items are
appended to items.jsonl and seen GUIDs are tracked in seen.txt.
"""
import argparse
import json
import logging
import os
import queue
import threading
import urllib.request

from defusedxml import ElementTree as DET

ATOM = "{http://www.w3.org/2005/Atom}"
log = logging.getLogger("feeds")


class FeedJob:
    def __init__(self, name, url, tags):
        self.name = name
        self.url = url
        self.tags = tags


def parse_items(xml_bytes):
    root = DET.fromstring(xml_bytes)
    items = []
    for node in root.iter("item"):
        items.append({
            "id": (node.findtext("guid") or node.findtext("link") or "").strip(),
            "title": (node.findtext("title") or "").strip(),
            "link": (node.findtext("link") or "").strip(),
            "published": node.findtext("pubDate"),
        })
    for node in root.iter(ATOM + "entry"):
        link = node.find(ATOM + "link")
        items.append({
            "id": (node.findtext(ATOM + "id") or "").strip(),
            "title": (node.findtext(ATOM + "title") or "").strip(),
            "link": link.get("href") if link is not None else "",
            "published": node.findtext(ATOM + "updated"),
        })
    return items


def worker(jobs, results, timeout):
    while True:
        job = jobs.get()
        if job is None:
            jobs.task_done()
            return
        try:
            req = urllib.request.Request(job.url, headers={"User-Agent": "feed-desk/2.0"})
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                body = resp.read()
            for item in parse_items(body):
                item["feed"] = job.name
                item["tags"] = job.tags
                results.put(item)
        except Exception as exc:  # keep the pool alive on a bad feed
            log.warning("feed %s failed: %s", job.name, exc)
        finally:
            jobs.task_done()


def load_seen(path):
    if not os.path.exists(path):
        return set()
    with open(path, encoding="utf-8") as fh:
        return {line.strip() for line in fh}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--feeds", default="feeds.json")
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--timeout", type=float, default=15)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    with open(args.feeds, encoding="utf-8") as fh:
        config = json.load(fh)
    jobs, results = queue.Queue(), queue.Queue()
    threads = [threading.Thread(target=worker, args=(jobs, results, args.timeout), daemon=True)
               for _ in range(args.workers)]
    for t in threads:
        t.start()
    for entry in config.get("feeds", []):
        jobs.put(FeedJob(entry["name"], entry["url"], entry.get("tags", [])))
    for _ in threads:
        jobs.put(None)
    jobs.join()

    seen = load_seen("seen.txt")
    fresh = 0
    with open("items.jsonl", "a", encoding="utf-8") as out, open("seen.txt", "a", encoding="utf-8") as seen_fh:
        while not results.empty():
            item = results.get()
            if not item["id"] or item["id"] in seen:
                continue
            seen.add(item["id"])
            out.write(json.dumps(item) + "\n")
            seen_fh.write(item["id"] + "\n")
            fresh += 1
    log.info("collected %d new items", fresh)


if __name__ == "__main__":
    main()
