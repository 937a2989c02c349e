#!/usr/bin/env python3
"""Polite same-host crawler that can be interrupted and resumed.

The frontier, visited set and per-page outlink counts are checkpointed to
./crawl.ckpt every N pages so a long crawl survives restarts.
"""
import argparse
import collections
import logging
import signal
import time
from html.parser import HTMLParser
from pickle import dump as _checkpoint, load as _restore
from urllib.parse import urljoin, urldefrag, urlsplit

import httpx

log = logging.getLogger("frontier")


class LinkParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            href = dict(attrs).get("href")
            if href:
                self.links.append(href)


class CrawlState:
    def __init__(self, seed):
        self.seed = seed
        self.host = urlsplit(seed).netloc
        self.frontier = collections.deque([seed])
        self.visited = set()
        self.outlinks = {}

    @classmethod
    def open(cls, path, seed):
        try:
            with open(path, "rb") as fh:
                state = _restore(fh)
            log.info("resumed: %d visited, %d queued", len(state.visited), len(state.frontier))
            return state
        except FileNotFoundError:
            return cls(seed)

    def save(self, path):
        with open(path, "wb") as fh:
            _checkpoint(self, fh)


def extract(base, html):
    parser = LinkParser()
    parser.feed(html)
    for href in parser.links:
        url, _ = urldefrag(urljoin(base, href))
        if url.startswith(("http://", "https://")):
            yield url


def crawl(state, client, limit, delay, ckpt, every):
    stop = {"flag": False}
    signal.signal(signal.SIGINT, lambda *_: stop.update(flag=True))
    done = 0
    while state.frontier and done < limit and not stop["flag"]:
        url = state.frontier.popleft()
        if url in state.visited:
            continue
        state.visited.add(url)
        try:
            resp = client.get(url)
        except httpx.HTTPError as exc:
            log.warning("%s: %s", url, exc)
            continue
        if "text/html" not in resp.headers.get("content-type", ""):
            continue
        links = list(extract(str(resp.url), resp.text))
        state.outlinks[url] = len(links)
        for link in links:
            if urlsplit(link).netloc == state.host and link not in state.visited:
                state.frontier.append(link)
        done += 1
        if done % every == 0:
            state.save(ckpt)
            log.info("checkpoint after %d pages", done)
        time.sleep(delay)
    state.save(ckpt)
    return done


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("seed")
    ap.add_argument("--limit", type=int, default=500)
    ap.add_argument("--delay", type=float, default=1.0)
    ap.add_argument("--checkpoint", default="crawl.ckpt")
    ap.add_argument("--every", type=int, default=25)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    state = CrawlState.open(args.checkpoint, args.seed)
    headers = {"User-Agent": "frontier-crawler/0.9"}
    with httpx.Client(headers=headers, timeout=15, follow_redirects=True) as client:
        n = crawl(state, client, args.limit, args.delay, args.checkpoint, args.every)
    orphans = [u for u, c in state.outlinks.items() if c == 0]
    log.info("crawled %d pages, %d dead-end pages", n, len(orphans))


if __name__ == "__main__":
    main()
