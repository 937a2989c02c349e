#!/usr/bin/env python3
"""Poll the gallery-roof weather station and append readings to a CSV.

The station's built-in web server only has a self-signed certificate, so the
fetch script generated here tells curl not to verify it. Readings are parsed
here and appended to weather_log.csv in the working directory.
"""
import argparse
import csv
import json
import logging
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("wx-poll")
FIELDS = ["time", "wind_kn", "gust_kn", "dir_deg", "visibility_m", "temp_c"]

FETCH_TEMPLATE = """#!/usr/bin/env bash
set -euo pipefail
# station uses a self-signed certificate
curl -sS -k --max-time {timeout} "{url}"
"""


class StationPoller:
    def __init__(self, url: str, timeout: int):
        self.url = url
        self.timeout = timeout
        fd = tempfile.NamedTemporaryFile("w", prefix="wxfetch-", suffix=".sh",
                                         delete=False)
        with fd:
            fd.write(FETCH_TEMPLATE.format(url=url, timeout=timeout))
        self.script = Path(fd.name)

    def fetch(self) -> dict:
        res = subprocess.run(["bash", str(self.script)], capture_output=True,
                             text=True, timeout=self.timeout + 5)
        if res.returncode != 0:
            raise RuntimeError(res.stderr.strip() or f"rc={res.returncode}")
        return json.loads(res.stdout)

    def close(self) -> None:
        self.script.unlink(missing_ok=True)


def to_row(raw: dict) -> dict:
    obs = raw.get("observation", raw)
    return {
        "time": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "wind_kn": obs.get("wind_speed_kn"),
        "gust_kn": obs.get("wind_gust_kn"),
        "dir_deg": obs.get("wind_dir_deg"),
        "visibility_m": obs.get("visibility_m"),
        "temp_c": obs.get("air_temp_c"),
    }


def append_row(path: Path, row: dict) -> None:
    new = not path.exists()
    with path.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS)
        if new:
            w.writeheader()
        w.writerow(row)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--url", default="https://wx-roof.example.net/api/current")
    p.add_argument("--out", type=Path, default=Path("weather_log.csv"))
    p.add_argument("--count", type=int, default=1, help="number of polls")
    p.add_argument("--interval", type=int, default=60)
    p.add_argument("--timeout", type=int, default=10)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    poller = StationPoller(args.url, args.timeout)
    failures = 0
    try:
        for i in range(args.count):
            try:
                row = to_row(poller.fetch())
                append_row(args.out, row)
                LOG.info("wind %s kn gust %s kn vis %s m",
                         row["wind_kn"], row["gust_kn"], row["visibility_m"])
            except (RuntimeError, ValueError, subprocess.TimeoutExpired) as exc:
                failures += 1
                LOG.warning("poll %d failed: %s", i + 1, exc)
            if i + 1 < args.count:
                time.sleep(args.interval)
    finally:
        poller.close()
    return 1 if failures == args.count else 0


if __name__ == "__main__":
    sys.exit(main())
