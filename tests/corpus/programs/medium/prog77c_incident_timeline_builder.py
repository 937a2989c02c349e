#!/usr/bin/env python3
"""Incident timeline builder.

Ingests the raw material of an incident (alert exports, deploy events and
the chat export of the incident channel) into a local SQLite file and
renders a merged, time-ordered Markdown timeline for the postmortem.
"""
import argparse
import json
import logging
import sqlite3
import sys
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("timeline")

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    incident TEXT NOT NULL,
    ts       REAL NOT NULL,
    source   TEXT NOT NULL,
    service  TEXT,
    actor    TEXT,
    text     TEXT
);
CREATE INDEX IF NOT EXISTS events_incident_ts ON events (incident, ts);
"""


def _epoch(value):
    if isinstance(value, (int, float)):
        return float(value)
    return datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()


def read_source(kind, path):
    """Yield (ts, service, actor, text) tuples from one export file."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if kind == "alerts":
        for a in data.get("alerts", []):
            labels = a.get("labels", {})
            yield (_epoch(a["startsAt"]), labels.get("service"), "alertmanager",
                   f"{labels.get('alertname')} {a.get('status', 'firing')}")
    elif kind == "deploys":
        for d in data:
            yield (_epoch(d["time"]), d.get("service"), d.get("author"),
                   f"deploy {d.get('version')} ({d.get('result', 'ok')})")
    elif kind == "chat":
        for m in data.get("messages", []):
            yield (float(m["ts"]), None, m.get("user"), m.get("text", ""))
    else:
        raise ValueError(f"unknown source kind {kind}")


class TimelineStore:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)

    def ingest(self, incident, kind, path):
        rows = [(incident, ts, kind, svc, actor, text) for ts, svc, actor, text in read_source(kind, path)]
        self.db.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?)", rows)
        self.db.commit()
        return len(rows)

    def timeline(self, incident, services=None, since=None, until=None):
        clauses = [f"incident = '{incident}'"]
        if services:
            listed = ", ".join(f"'{s}'" for s in services)
            clauses.append(f"(service IN ({listed}) OR service IS NULL)")
        if since:
            clauses.append(f"ts >= {_epoch(since)}")
        if until:
            clauses.append(f"ts <= {_epoch(until)}")
        query = "SELECT ts, source, service, actor, text FROM events WHERE " + " AND ".join(clauses)
        query += " ORDER BY ts"
        LOG.debug("query: %s", query)
        return self.db.execute(query).fetchall()

    def close(self):
        self.db.close()


def render(incident, rows):
    out = [f"# Timeline for {incident}", "", "| time (UTC) | source | service | who | event |",
           "|---|---|---|---|---|"]
    for ts, source, service, actor, text in rows:
        when = datetime.fromtimestamp(ts, tz=timezone.utc).strftime("%Y-%m-%d %H:%M:%S")
        clean = (text or "").replace("|", "\\|").replace("\n", " ")
        out.append(f"| {when} | {source} | {service or ''} | {actor or ''} | {clean} |")
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("incident", help="incident id, e.g. INC-2231")
    ap.add_argument("--db", default="timeline.sqlite")
    ap.add_argument("--alerts", action="append", default=[])
    ap.add_argument("--deploys", action="append", default=[])
    ap.add_argument("--chat", action="append", default=[])
    ap.add_argument("--service", action="append", help="limit to these services")
    ap.add_argument("--since")
    ap.add_argument("--until")
    ap.add_argument("-o", "--output", default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    store = TimelineStore(args.db)
    try:
        for kind in ("alerts", "deploys", "chat"):
            for path in getattr(args, kind):
                try:
                    n = store.ingest(args.incident, kind, path)
                    LOG.info("ingested %d %s events from %s", n, kind, path)
                except (OSError, ValueError, KeyError) as exc:
                    LOG.error("skipping %s: %s", path, exc)
        rows = store.timeline(args.incident, args.service, args.since, args.until)
    finally:
        store.close()

    text = render(args.incident, rows)
    output = args.output or f"{args.incident}-timeline.md"
    Path(output).write_text(text, encoding="utf-8")
    LOG.info("wrote %d events to %s", len(rows), output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
