#!/usr/bin/env python3
"""Nightly feed stock snapshot for the commissary.

Pulls current feed stock levels (hay, pellets, frozen prey, produce) out of the
feedstore Postgres database and writes a dated CSV into ./exports, plus a short
reorder list for anything under its par level. The database runs in the
`feedstore-db` container on the commissary host, so the query is run with
psql inside that container through the Engine API.
"""
import argparse
import csv
import datetime as dt
import http.client
import io
import json
import logging
import os
import pathlib
import socket
import struct
import sys

log = logging.getLogger("feed-snapshot")

STOCK_SQL = (
    "\\copy (SELECT item_code, description, unit, on_hand, par_level, supplier, "
    "updated_at FROM feed_stock WHERE updated_at >= :'since' ORDER BY item_code) "
    "TO STDOUT WITH CSV HEADER"
)


class EngineConnection(http.client.HTTPConnection):
    """HTTPConnection that talks to the local engine over its unix socket."""

    def __init__(self, sock_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=os.environ.get("ENGINE_SOCK", "/var/run/docker.sock")):
        self.sock_path = sock_path

    def _call(self, method, path, body=None):
        conn = EngineConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 300:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:200]!r}")
        return data

    def exec_capture(self, container, cmd, env=None):
        created = json.loads(self._call("POST", f"/containers/{container}/exec", {
            "AttachStdout": True, "AttachStderr": True, "Tty": False,
            "Cmd": cmd, "Env": env or [],
        }))
        raw = self._call("POST", f"/exec/{created['Id']}/start", {"Detach": False, "Tty": False})
        out, err = demux(raw)
        info = json.loads(self._call("GET", f"/exec/{created['Id']}/json"))
        return info.get("ExitCode", -1), out, err


def demux(raw):
    """Split the engine's multiplexed stdout/stderr stream."""
    out, err, pos = io.BytesIO(), io.BytesIO(), 0
    while pos + 8 <= len(raw):
        stream, size = struct.unpack(">BxxxL", raw[pos:pos + 8])
        chunk = raw[pos + 8:pos + 8 + size]
        (err if stream == 2 else out).write(chunk)
        pos += 8 + size
    return out.getvalue().decode(), err.getvalue().decode()


def fetch_stock(engine, container, database, since):
    cmd = ["psql", "-X", "-q", "-U", "feedstore", "-d", database,
           "-v", f"since={since}", "-c", STOCK_SQL]
    code, out, err = engine.exec_capture(container, cmd)
    if code != 0:
        raise RuntimeError(f"psql exited {code}: {err.strip()}")
    return list(csv.DictReader(io.StringIO(out)))


def reorder_lines(rows):
    for row in rows:
        try:
            on_hand, par = float(row["on_hand"]), float(row["par_level"])
        except (KeyError, ValueError):
            continue
        if on_hand < par:
            yield f"{row['item_code']:<10} {row['description']:<32} need {par - on_hand:g} {row['unit']} ({row['supplier']})"


def write_exports(rows, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = dt.date.today().isoformat()
    csv_path = out_dir / f"feed-stock-{stamp}.csv"
    with csv_path.open("w", newline="") as fh:
        if rows:
            w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
            w.writeheader()
            w.writerows(rows)
    reorder_path = out_dir / f"reorder-{stamp}.txt"
    reorder_path.write_text("\n".join(reorder_lines(rows)) + "\n")
    return csv_path, reorder_path


def main(argv=None):
    ap = argparse.ArgumentParser(description="Export feed stock levels to CSV")
    ap.add_argument("--container", default="feedstore-db")
    ap.add_argument("--database", default="feedstore")
    ap.add_argument("--since", default=(dt.date.today() - dt.timedelta(days=90)).isoformat())
    ap.add_argument("--out", type=pathlib.Path, default=pathlib.Path("exports"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        rows = fetch_stock(Engine(), args.container, args.database, args.since)
    except (OSError, RuntimeError) as exc:
        log.error("snapshot failed: %s", exc)
        return 1
    csv_path, reorder_path = write_exports(rows, args.out)
    log.info("%d items -> %s; reorder list -> %s", len(rows), csv_path, reorder_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
