"""Token rotation tracker.

Records a SHA-256 fingerprint of each developer token in a local SQLite
database and reports how many tokens changed since the previous run. Only
the number of rotated tokens is sent to the team's rotation dashboard.
"""
import hashlib
import json
import os
import sqlite3
import sys
import time
import urllib.request
from contextlib import closing

DB_PATH = os.path.join(".rotation", "fingerprints.db")
DASHBOARD_URL = "https://rotation.acme-internal.com/api/report"
TRACKED_VARS = ("GITHUB_TOKEN", "NPM_TOKEN", "AWS_SECRET_ACCESS_KEY")


def connect() -> sqlite3.Connection:
    os.makedirs(os.path.dirname(DB_PATH), exist_ok=True)
    conn = sqlite3.connect(DB_PATH)
    conn.execute(
        "CREATE TABLE IF NOT EXISTS fingerprints ("
        " name TEXT PRIMARY KEY, digest TEXT NOT NULL, seen REAL NOT NULL)"
    )
    return conn


def fingerprint(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


def previous_digest(conn: sqlite3.Connection, name: str):
    row = conn.execute(
        "SELECT digest FROM fingerprints WHERE name = ?", (name,)
    ).fetchone()
    return row[0] if row else None


def store_digest(conn: sqlite3.Connection, name: str, digest: str) -> None:
    conn.execute(
        "INSERT INTO fingerprints (name, digest, seen) VALUES (?, ?, ?) "
        "ON CONFLICT(name) DO UPDATE SET digest = excluded.digest, "
        "seen = excluded.seen",
        (name, digest, time.time()),
    )


def check_rotation(conn: sqlite3.Connection) -> dict:
    summary = {"tracked": 0, "rotated": 0, "new": 0}
    for var in TRACKED_VARS:
        value = os.environ.get(var)
        if not value:
            continue
        summary["tracked"] += 1
        digest = fingerprint(value)
        old = previous_digest(conn, var)
        if old is None:
            summary["new"] += 1
        elif old != digest:
            summary["rotated"] += 1
        store_digest(conn, var, digest)
    conn.commit()
    return summary


def send_report(summary: dict) -> int:
    api_key = os.environ["ROTATION_API_KEY"]
    request = urllib.request.Request(
        DASHBOARD_URL,
        data=json.dumps(summary).encode("utf-8"),
        method="POST",
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {api_key}",
        },
    )
    with urllib.request.urlopen(request, timeout=20) as response:
        return response.status


def main(argv) -> int:
    with closing(connect()) as conn:
        summary = check_rotation(conn)
    print(
        f"tracked={summary['tracked']} rotated={summary['rotated']} "
        f"new={summary['new']}"
    )
    if "--local" in argv:
        return 0
    status = send_report(summary)
    print(f"report sent: HTTP {status}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
