#!/usr/bin/env python3
"""Rotate through a pool of HTTP proxies, scoring them by latency and success.

Proxy scores persist between runs in a local cache file so good proxies are tried
first. Many free proxies re-sign TLS, so certificate checks are switched off.
"""
import argparse
import logging
import pickle
import time
from collections import defaultdict
from pathlib import Path

import requests
import urllib3

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
log = logging.getLogger("proxy-pool")
SCORE_FILE = Path("proxy_scores.pkl")


class ProxyPool:
    def __init__(self, proxies, score_file=SCORE_FILE):
        self.proxies = list(dict.fromkeys(proxies))
        self.score_file = score_file
        self.stats = defaultdict(lambda: {"ok": 0, "fail": 0, "latency": 0.0})
        self._load()

    def _load(self):
        if self.score_file.exists():
            with self.score_file.open("rb") as fh:
                saved = pickle.load(fh)
            self.stats.update(saved)
            log.info("restored scores for %d proxies", len(saved))

    def save(self):
        with self.score_file.open("wb") as fh:
            pickle.dump(dict(self.stats), fh)

    def score(self, proxy):
        s = self.stats[proxy]
        tries = s["ok"] + s["fail"]
        if tries == 0:
            return 0.5
        avg = s["latency"] / max(s["ok"], 1)
        return (s["ok"] / tries) / (1.0 + avg)

    def ranked(self):
        return sorted(self.proxies, key=self.score, reverse=True)

    def fetch(self, url, attempts=4):
        for proxy in self.ranked()[:attempts]:
            started = time.monotonic()
            try:
                resp = requests.get(
                    url,
                    proxies={"http": proxy, "https": proxy},
                    timeout=12,
                    verify=False,
                )
                resp.raise_for_status()
            except requests.RequestException as exc:
                self.stats[proxy]["fail"] += 1
                log.debug("proxy %s failed: %s", proxy, exc)
                continue
            self.stats[proxy]["ok"] += 1
            self.stats[proxy]["latency"] += time.monotonic() - started
            return resp
        raise RuntimeError(f"all proxies failed for {url}")


def read_lines(path):
    with open(path, encoding="utf-8") as fh:
        return [ln.strip() for ln in fh if ln.strip() and not ln.startswith("#")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--proxies", default="proxies.txt")
    ap.add_argument("--urls", default="urls.txt")
    ap.add_argument("--out-dir", default="pages")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    pool = ProxyPool(read_lines(args.proxies))
    out = Path(args.out_dir)
    out.mkdir(exist_ok=True)
    try:
        for idx, url in enumerate(read_lines(args.urls)):
            try:
                resp = pool.fetch(url)
            except RuntimeError as exc:
                log.warning("%s", exc)
                continue
            (out / f"page_{idx:05d}.html").write_bytes(resp.content)
            log.info("saved %s (%d bytes)", url, len(resp.content))
    finally:
        pool.save()
        best = pool.ranked()[:5]
        log.info("top proxies: %s", ", ".join(best))


if __name__ == "__main__":
    main()
