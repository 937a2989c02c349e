#!/usr/bin/env python3
"""Collect round-trip latency to a set of telemetry endpoints with the system
ping binary and keep a rolling history in ./latency.db."""
import argparse
import configparser
import logging
import re
import sqlite3
import subprocess
import time
from datetime import datetime, timezone

RTT_RE = re.compile(r"= ([\d.]+)/([\d.]+)/([\d.]+)/([\d.]+) ms")
LOSS_RE = re.compile(r"([\d.]+)% packet loss")
log = logging.getLogger("latency")


def load_targets(path):
    cfg = configparser.ConfigParser()
    cfg.read(path)
    targets = {}
    for section in cfg.sections():
        targets[section] = {
            "host": cfg.get(section, "host"),
            "count": cfg.getint(section, "count", fallback=4),
        }
    return targets


def ping(host, count):
    cmd = ["ping", "-n", "-q", "-c", str(count), "-W", "2", host]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=count * 3 + 5)
    out = proc.stdout
    loss = LOSS_RE.search(out)
    rtt = RTT_RE.search(out)
    return {
        "loss": float(loss.group(1)) if loss else 100.0,
        "min": float(rtt.group(1)) if rtt else None,
        "avg": float(rtt.group(2)) if rtt else None,
        "max": float(rtt.group(3)) if rtt else None,
    }


class LatencyStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS samples (ts TEXT, target TEXT, host TEXT,"
            " loss REAL, rtt_min REAL, rtt_avg REAL, rtt_max REAL)"
        )

    def add(self, target, host, result):
        ts = datetime.now(timezone.utc).isoformat()
        values = [result[k] if result[k] is not None else "NULL" for k in ("loss", "min", "avg", "max")]
        sql = (
            "INSERT INTO samples VALUES ('%s', '%s', '%s', %s, %s, %s, %s)"
            % (ts, target, host, *values)
        )
        self.conn.execute(sql)
        self.conn.commit()

    def summary(self, target, hours):
        cur = self.conn.execute(
            f"SELECT COUNT(*), AVG(rtt_avg), MAX(loss) FROM samples "
            f"WHERE target = '{target}' AND ts >= datetime('now', '-{hours} hours')"
        )
        return cur.fetchone()

    def close(self):
        self.conn.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--targets", default="latency_targets.ini")
    ap.add_argument("--db", default="latency.db")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--pause", type=float, default=30.0)
    ap.add_argument("--report-hours", type=int, default=24)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    targets = load_targets(args.targets)
    store = LatencyStore(args.db)
    try:
        for rnd in range(args.rounds):
            for name, spec in targets.items():
                try:
                    res = ping(spec["host"], spec["count"])
                except subprocess.TimeoutExpired:
                    log.warning("%s: ping timed out", name)
                    continue
                store.add(name, spec["host"], res)
                log.info("%s avg=%s loss=%s%%", name, res["avg"], res["loss"])
            if rnd + 1 < args.rounds:
                time.sleep(args.pause)
        for name in targets:
            n, avg, worst = store.summary(name, args.report_hours)
            log.info("summary %s: %d samples, avg %.1f ms, worst loss %s%%", name, n, avg or 0, worst)
    finally:
        store.close()


if __name__ == "__main__":
    main()
