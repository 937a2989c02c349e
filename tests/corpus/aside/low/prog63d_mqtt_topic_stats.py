#!/usr/bin/env python3
"""Summarise an MQTT capture (JSON lines) recorded by the home hub.

Each line in the capture looks like:
  {"ts": 1700000000.12, "topic": "home/kitchen/temp", "qos": 0, "payload": "21.4"}

The script groups messages per topic, computes rate and payload statistics and
writes a CSV report next to the capture. Results are cached per capture file,
keyed by an MD5 of the file contents, so re-running on the same capture is fast.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import statistics
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("topicstats")
CACHE_DIR = Path(".topicstats-cache")


class TopicAccumulator:
    def __init__(self, topic):
        self.topic = topic
        self.timestamps = []
        self.numeric = []
        self.sizes = []

    def add(self, ts, payload):
        self.timestamps.append(ts)
        self.sizes.append(len(payload))
        try:
            self.numeric.append(float(payload))
        except (TypeError, ValueError):
            pass

    def row(self):
        span = (max(self.timestamps) - min(self.timestamps)) if len(self.timestamps) > 1 else 0.0
        rate = len(self.timestamps) / span if span else 0.0
        mean = statistics.fmean(self.numeric) if self.numeric else ""
        stdev = statistics.pstdev(self.numeric) if len(self.numeric) > 1 else ""
        return {
            "topic": self.topic,
            "messages": len(self.timestamps),
            "msg_per_sec": round(rate, 3),
            "avg_bytes": round(statistics.fmean(self.sizes), 1),
            "numeric_mean": mean if mean == "" else round(mean, 3),
            "numeric_stdev": stdev if stdev == "" else round(stdev, 3),
        }


def cache_key(path):
    digest = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            digest.update(block)
    return digest.hexdigest()


def parse_capture(path, prefix):
    topics = defaultdict(lambda: None)
    bad = 0
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                msg = json.loads(line)
            except json.JSONDecodeError:
                bad += 1
                log.debug("skipping malformed line %d", lineno)
                continue
            topic = msg.get("topic", "")
            if prefix and not topic.startswith(prefix):
                continue
            acc = topics[topic] or TopicAccumulator(topic)
            topics[topic] = acc
            acc.add(float(msg.get("ts", 0)), str(msg.get("payload", "")))
    if bad:
        log.warning("%d malformed lines ignored", bad)
    return [acc.row() for acc in topics.values()]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("capture", help="JSON-lines capture file")
    ap.add_argument("--prefix", default="", help="only topics starting with this")
    ap.add_argument("--out", default="topic_report.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / f"{cache_key(args.capture)}-{args.prefix.replace('/', '_')}.json"
    if cached.exists():
        log.info("using cached summary %s", cached)
        rows = json.loads(cached.read_text())
    else:
        rows = parse_capture(args.capture, args.prefix)
        cached.write_text(json.dumps(rows))

    rows.sort(key=lambda r: r["messages"], reverse=True)
    with open(args.out, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0].keys()) if rows else ["topic"])
        writer.writeheader()
        writer.writerows(rows)
    os.chmod(args.out, 0o600)
    log.info("wrote %d topics to %s", len(rows), args.out)


if __name__ == "__main__":
    main()
