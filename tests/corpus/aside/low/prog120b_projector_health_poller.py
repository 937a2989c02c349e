#!/usr/bin/env python3
"""Poll the dome projectors' web status API and write a consolidated health report.

Each projector in the fleet exposes a small JSON status endpoint on its
management interface (lamp/laser hours, module temperatures, shutter state,
error codes). This script walks the fleet list, records what it sees and
writes status/projectors.json plus a short text summary for the ops channel.
"""
import argparse
import json
import logging
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from urllib.error import HTTPError, URLError
from urllib.request import Request, urlopen

LOG = logging.getLogger("projector_poller")

DEFAULT_FLEET = "fleet.json"
STATUS_PATH = "/api/v1/status"
WARN_TEMP_C = 62.0
WARN_LAMP_HOURS = 18000


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


def load_fleet(path):
    with open(path, encoding="utf-8") as fh:
        raw = json.load(fh)
    return [Projector(**p) for p in raw.get("projectors", [])]


def fetch_status(proj, timeout, retries=2):
    req = Request(proj.url, headers={"Accept": "application/json",
                                     "User-Agent": "dome-ops-poller/1.4"})
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
        if not r.ok:
            state = "FAIL"
        elif r.warnings:
            state = "WARN"
        else:
            state = "OK  "
        detail = "; ".join(r.errors + r.warnings) or f"{r.max_temp_c:.0f}C, {r.lamp_hours}h"
        lines.append(f"{state} {r.name:<14} {detail}")
    (out / "summary.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description="Dome projector health poller")
    ap.add_argument("--fleet", default=DEFAULT_FLEET, help="fleet JSON file")
    ap.add_argument("--out", default="status", help="report directory")
    ap.add_argument("--timeout", type=float, default=4.0)
    ap.add_argument("--workers", type=int, default=6)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        fleet = load_fleet(args.fleet)
    except (OSError, ValueError, TypeError) as exc:
        LOG.error("cannot read fleet file %s: %s", args.fleet, exc)
        return 2
    if not fleet:
        LOG.error("fleet file %s lists no projectors", args.fleet)
        return 2

    readings = []
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(poll_one, p, args.timeout): p for p in fleet}
        for fut in as_completed(futures):
            readings.append(fut.result())
    for line in write_report(readings, args.out):
        print(line)
    return 0 if all(r.ok for r in readings) else 1


if __name__ == "__main__":
    sys.exit(main())
