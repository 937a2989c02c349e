#!/usr/bin/env python3
"""Machine pre-translation of a segment file through the agency's MT API.

Reads a tab-separated segment file (id <TAB> source), sends the segments in
batches to the MT provider, and writes id <TAB> source <TAB> MT suggestion
for post-editors. The API key is taken from the MT_API_KEY variable.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("mt-pre")

MT_ENDPOINT = "https://mt.example.com/v1/translate"
BATCH = 40
RETRIES = 3


def user_agent():
    distro = "linux"
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("ID="):
                    distro = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return f"agency-mt-pre/1.3 ({distro})"


class MTClient:
    def __init__(self, api_key, src, tgt, timeout):
        self._key = api_key
        self.src = src
        self.tgt = tgt
        self.timeout = timeout
        self.ua = user_agent()

    def translate(self, texts):
        payload = json.dumps({"source_lang": self.src, "target_lang": self.tgt,
                              "texts": texts}).encode("utf-8")
        req = urllib.request.Request(MT_ENDPOINT, data=payload, method="POST", headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {self._key}",
            "User-Agent": self.ua,
        })
        for attempt in range(1, RETRIES + 1):
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                    return json.load(resp)["translations"]
            except urllib.error.HTTPError as exc:
                if exc.code in (429, 503) and attempt < RETRIES:
                    LOG.warning("MT busy (%s), retry %d", exc.code, attempt)
                    time.sleep(2 ** attempt)
                    continue
                raise
        return []


def read_segments(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.reader(fh, delimiter="\t"):
            if len(row) >= 2 and row[1].strip():
                yield row[0], row[1]


def batched(items, n):
    chunk = []
    for item in items:
        chunk.append(item)
        if len(chunk) == n:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("segments")
    ap.add_argument("--src", default="en")
    ap.add_argument("--tgt", default="fr")
    ap.add_argument("--out", default="mt_suggestions.tsv")
    ap.add_argument("--timeout", type=float, default=30.0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("MT_API_KEY")
    if not key:
        LOG.error("MT_API_KEY is not set")
        return 1
    client = MTClient(key, args.src, args.tgt, args.timeout)
    done = 0
    try:
        with open(args.out, "w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out, delimiter="\t")
            for chunk in batched(read_segments(args.segments), BATCH):
                suggestions = client.translate([src for _, src in chunk])
                for (seg_id, src), mt in zip(chunk, suggestions):
                    writer.writerow([seg_id, src, mt])
                done += len(chunk)
                LOG.info("%d segments pre-translated", done)
    except (urllib.error.URLError, KeyError, ValueError) as exc:
        LOG.error("MT request failed after %d segments: %s", done, exc)
        return 1
    LOG.info("wrote %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
