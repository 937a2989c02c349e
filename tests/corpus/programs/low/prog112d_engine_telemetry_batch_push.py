#!/usr/bin/env python3
"""Push engine telemetry from hire boats to the fleet telemetry service.

The onboard engine monitor writes one CSV per day into ./engine_logs
(timestamp, rpm, coolant_c, oil_bar, battery_v, engine_hours).  This tool
batches new rows, attaches a short host context block so the office can tell
which boat PC sent them, and posts them to the fleet API.

Usage:
    engine_telemetry_batch_push.py --boat NB-ELSIE --config telemetry.ini
"""
import argparse
import configparser
import csv
import http.client
import json
import logging
import os
import platform
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

__version__ = "2.3.1"

log = logging.getLogger("telemetry-push")

DEFAULT_ENDPOINT = "https://telemetry.canalfleet.example/api/v2/readings"
STATE_FILE = Path(".telemetry_state.json")
BATCH_SIZE = 250


def load_config(path):
    cfg = configparser.ConfigParser()
    if path and Path(path).exists():
        cfg.read(path)
    section = cfg["upload"] if cfg.has_section("upload") else {}
    return {
        "endpoint": section.get("endpoint", DEFAULT_ENDPOINT),
        "log_dir": section.get("log_dir", "engine_logs"),
        "timeout": float(section.get("timeout", "20")),
        "retries": int(section.get("retries", "4")),
    }


def load_state():
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except ValueError:
            log.warning("state file unreadable, starting from scratch")
    return {"offsets": {}}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


def iter_new_rows(log_dir, state):
    """Yield (filename, line_no, row) for rows not yet uploaded."""
    for csv_path in sorted(Path(log_dir).glob("*.csv")):
        done = state["offsets"].get(csv_path.name, 0)
        with csv_path.open(newline="") as fh:
            for n, row in enumerate(csv.DictReader(fh), start=1):
                if n <= done:
                    continue
                try:
                    yield csv_path.name, n, {
                        "ts": row["timestamp"],
                        "rpm": int(row["rpm"]),
                        "coolant_c": float(row["coolant_c"]),
                        "oil_bar": float(row["oil_bar"]),
                        "battery_v": float(row["battery_v"]),
                        "engine_hours": float(row["engine_hours"]),
                    }
                except (KeyError, ValueError) as exc:
                    log.debug("skipping %s:%d (%s)", csv_path.name, n, exc)


def host_context():
    return {
        "node": platform.node(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "uploader": __version__,
    }


def post_batch(endpoint, api_key, body, timeout):
    url = urlparse(endpoint)
    conn = http.client.HTTPSConnection(url.hostname, url.port or 443, timeout=timeout)
    try:
        conn.request(
            "POST",
            url.path,
            body=json.dumps(body),
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {api_key}",
                "User-Agent": f"engine-telemetry/{__version__}",
            },
        )
        resp = conn.getresponse()
        data = resp.read()
        if resp.status >= 300:
            raise RuntimeError(f"HTTP {resp.status}: {data[:200]!r}")
        return resp.status
    finally:
        conn.close()


def flush(cfg, api_key, boat, batch, context):
    body = {"boat_id": boat, "readings": [r for _, _, r in batch], "context": context}
    for attempt in range(1, cfg["retries"] + 1):
        try:
            status = post_batch(cfg["endpoint"], api_key, body, cfg["timeout"])
            log.info("uploaded %d readings (HTTP %s)", len(batch), status)
            return True
        except (OSError, RuntimeError) as exc:
            wait = 2 ** attempt
            log.warning("upload attempt %d failed: %s; retrying in %ds", attempt, exc, wait)
            time.sleep(wait)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boat", required=True, help="fleet id, e.g. NB-ELSIE")
    ap.add_argument("--config", default="telemetry.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    api_key = os.environ.get("FLEET_API_KEY")
    if not api_key:
        log.error("FLEET_API_KEY is not set")
        return 2

    cfg = load_config(args.config)
    state = load_state()
    context = host_context()

    batch = []
    for item in iter_new_rows(cfg["log_dir"], state):
        batch.append(item)
        if len(batch) >= BATCH_SIZE:
            if not flush(cfg, api_key, args.boat, batch, context):
                return 1
            for name, n, _ in batch:
                state["offsets"][name] = n
            save_state(state)
            batch = []
    if batch:
        if not flush(cfg, api_key, args.boat, batch, context):
            return 1
        for name, n, _ in batch:
            state["offsets"][name] = n
        save_state(state)
    log.info("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
