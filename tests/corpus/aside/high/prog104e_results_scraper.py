#!/usr/bin/env python3
"""Show results scraper.

Collects class results for the yard's horses from show-centre results pages
listed in shows.txt and appends them to results/<season>.csv, so the yard
can keep its points table and the owners' newsletter up to date.

Some venues render results with JavaScript; for those the page is fetched
through a local headless-browser renderer container.
"""
import argparse
import csv
import hashlib
import http.client
import json
import logging
import socket
import time
import urllib.request
from datetime import date
from html.parser import HTMLParser
from pathlib import Path

log = logging.getLogger("results")
CACHE = Path(".cache/results")
RENDERER = "http://127.0.0.1:3000"


class TableParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.rows, self._row, self._cell, self._in_cell = [], None, [], False

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._in_cell, self._cell = True, []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._in_cell:
            self._row.append(" ".join("".join(self._cell).split()))
            self._in_cell = False
        elif tag == "tr" and self._row:
            self.rows.append(self._row)
            self._row = None

    def handle_data(self, data):
        if self._in_cell:
            self._cell.append(data)


class DockerSocket(http.client.HTTPConnection):
    def __init__(self, path="/var/run/docker.sock"):
        super().__init__("localhost", timeout=60)
        self._path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self._path)


def _docker(method, path, body=None):
    conn = DockerSocket()
    try:
        conn.request(method, "/v1.43" + path, body=json.dumps(body) if body else None,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


def ensure_renderer(name="results-renderer"):
    status, _ = _docker("GET", f"/containers/{name}/json")
    if status == 404:
        spec = {"Image": "browserless/chrome:latest",
                "HostConfig": {"PortBindings": {"3000/tcp": [{"HostIp": "127.0.0.1",
                                                              "HostPort": "3000"}]},
                               "AutoRemove": True}}
        status, out = _docker("POST", f"/containers/create?name={name}", spec)
        if status not in (200, 201):
            raise RuntimeError(f"renderer create failed: {out[:200]!r}")
    _docker("POST", f"/containers/{name}/start")
    time.sleep(3)


def fetch(url, needs_js):
    key = hashlib.md5(url.encode()).hexdigest()
    cached = CACHE / f"{key}.html"
    if cached.exists() and time.time() - cached.stat().st_mtime < 3600:
        return cached.read_text(encoding="utf-8")
    if needs_js:
        ensure_renderer()
        req = urllib.request.Request(f"{RENDERER}/content", data=json.dumps({"url": url}).encode(),
                                     headers={"Content-Type": "application/json"})
    else:
        req = urllib.request.Request(url, headers={"User-Agent": "yard-results/1.2"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        html = resp.read().decode("utf-8", "replace")
    CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_text(html, encoding="utf-8")
    return html


def our_results(rows, horses):
    header = [h.lower() for h in rows[0]] if rows else []
    for row in rows[1:]:
        record = dict(zip(header, row))
        horse = record.get("horse", "")
        if any(h.lower() in horse.lower() for h in horses):
            yield record


def read_shows(path):
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            url, _, flags = line.partition(" ")
            yield url, "js" in flags.split(",")


def main():
    ap = argparse.ArgumentParser(description="Collect show results for the yard's horses")
    ap.add_argument("--shows", default="shows.txt")
    ap.add_argument("--horses", default="horses.txt")
    ap.add_argument("--season", default=str(date.today().year))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    horses = [h.strip() for h in Path(args.horses).read_text().splitlines() if h.strip()]
    out = Path("results") / f"{args.season}.csv"
    out.parent.mkdir(exist_ok=True)
    new_file = not out.exists()
    found = 0
    with open(out, "a", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        if new_file:
            writer.writerow(["source", "class", "place", "horse", "rider", "score"])
        for url, needs_js in read_shows(args.shows):
            try:
                parser = TableParser()
                parser.feed(fetch(url, needs_js))
            except (OSError, RuntimeError) as exc:
                log.warning("skipping %s: %s", url, exc)
                continue
            for r in our_results(parser.rows, horses):
                writer.writerow([url, r.get("class", ""), r.get("place", r.get("pos", "")),
                                 r.get("horse", ""), r.get("rider", ""), r.get("score", "")])
                found += 1
    log.info("%d results for our horses appended to %s", found, out)


if __name__ == "__main__":
    main()
