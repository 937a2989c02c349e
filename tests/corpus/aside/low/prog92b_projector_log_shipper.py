#!/usr/bin/env python3
"""Ship projector logs to the circuit's log ingestion API.

Each booth PC keeps the exported projector logs under ./projector_logs/<screen>/
(the TMS drops Barco and Christie exports there after the last show).  This
tool tails the newest file per screen, classifies lines by severity, and posts
the events so the NOC dashboard can flag lamp, laser and IMB faults before the
evening shows start.
"""

import argparse
import configparser
import gzip
import http.client
import json
import logging
import os
import platform
import re
import socket
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("projlog")

DEFAULT_CONFIG = "projlog.ini"
LINE_RE = re.compile(
    r"^(?P<ts>\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2})\s+"
    r"(?P<level>INFO|WARN|WARNING|ERROR|CRIT|FATAL)\s+"
    r"(?:\[(?P<code>[A-Z]{2,4}-?\d{3,5})\]\s+)?(?P<msg>.*)$"
)
SEVERITY = {"INFO": 0, "WARN": 1, "WARNING": 1, "ERROR": 2, "CRIT": 3, "FATAL": 3}


class IngestClient:
    """Minimal client for the log ingestion endpoint."""

    def __init__(self, host, token, path="/api/v2/events", timeout=20):
        self.host = host
        self.token = token
        self.path = path
        self.timeout = timeout

    def send(self, payload):
        body = gzip.compress(json.dumps(payload).encode("utf-8"))
        headers = {
            "Content-Type": "application/json",
            "Content-Encoding": "gzip",
            "Authorization": f"Bearer {self.token}",
            "User-Agent": "projlog/2.3",
        }
        for attempt in range(1, 4):
            conn = http.client.HTTPSConnection(self.host, timeout=self.timeout)
            try:
                conn.request("POST", self.path, body=body, headers=headers)
                resp = conn.getresponse()
                data = resp.read()
                if resp.status in (200, 201, 202):
                    return json.loads(data or b"{}")
                LOG.warning("ingest returned %s on attempt %d", resp.status, attempt)
            except (OSError, http.client.HTTPException) as exc:
                LOG.warning("upload attempt %d failed: %s", attempt, exc)
            finally:
                conn.close()
            time.sleep(2 ** attempt)
        raise RuntimeError("ingest upload failed after retries")


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({
        "ingest": {"host": "logs.reelpoint-integration.com", "path": "/api/v2/events"},
        "collect": {"log_root": "projector_logs", "max_lines": "400", "min_severity": "1"},
    })
    if Path(path).exists():
        cfg.read(path)
        LOG.debug("loaded config from %s", path)
    return cfg


def iter_log_lines(root, max_lines):
    """Yield (screen, filename, line) for the newest log of every screen."""
    for screen_dir in sorted(Path(root).glob("*")):
        if not screen_dir.is_dir():
            continue
        files = sorted(screen_dir.glob("*.log"), key=lambda p: p.stat().st_mtime)
        if not files:
            LOG.info("no logs for %s", screen_dir.name)
            continue
        newest = files[-1]
        try:
            lines = newest.read_text(errors="replace").splitlines()[-max_lines:]
        except OSError as exc:
            LOG.error("cannot read %s: %s", newest, exc)
            continue
        for line in lines:
            yield screen_dir.name, newest.name, line


def classify(lines, min_severity):
    events = []
    for screen, fname, line in lines:
        m = LINE_RE.match(line.strip())
        if not m:
            continue
        sev = SEVERITY.get(m.group("level"), 0)
        if sev < min_severity:
            continue
        events.append({
            "screen": screen,
            "file": fname,
            "ts": m.group("ts"),
            "severity": sev,
            "code": m.group("code"),
            "message": m.group("msg")[:500],
        })
    return events


def host_context():
    """Describe the booth PC so the NOC can match the events to an asset."""
    return {
        "hostname": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "collected_at": datetime.now(timezone.utc).isoformat(),
    }


def build_batch(site_id, events):
    by_screen = {}
    for ev in events:
        by_screen.setdefault(ev["screen"], []).append(ev)
    return {
        "site": site_id,
        "host": host_context(),
        "summary": {s: max(e["severity"] for e in evs) for s, evs in by_screen.items()},
        "events": events,
    }


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("-c", "--config", default=DEFAULT_CONFIG)
    p.add_argument("--site", default=os.environ.get("SITE_ID", "unknown-site"))
    p.add_argument("--dry-run", action="store_true", help="print the batch instead of sending")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    cfg = load_config(args.config)
    token = os.environ.get("PROJLOG_TOKEN")
    if not token and not args.dry_run:
        LOG.error("PROJLOG_TOKEN is not set")
        return 2

    lines = iter_log_lines(cfg["collect"]["log_root"], cfg.getint("collect", "max_lines"))
    events = classify(lines, cfg.getint("collect", "min_severity"))
    LOG.info("collected %d events", len(events))
    batch = build_batch(args.site, events)

    if args.dry_run:
        json.dump(batch, sys.stdout, indent=2)
        return 0

    client = IngestClient(cfg["ingest"]["host"], token, cfg["ingest"]["path"])
    try:
        result = client.send(batch)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("batch accepted: %s events stored", result.get("stored", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
