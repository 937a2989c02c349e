#!/usr/bin/env python3
"""Debezium CDC consumer that materialises change events into SQLite.

Started by the init system as root so it can create its runtime directory,
then permanently drops to the unprivileged ``cdc`` account before touching
the network.  Each change event (op c/u/d) is upserted into a local
SQLite mirror used by the reconciliation reports.
"""
import argparse
import configparser
import grp
import json
import logging
import os
import pwd
import signal
import sqlite3
import sys
from pathlib import Path

from kafka import KafkaConsumer

log = logging.getLogger("cdc-consumer")
RUNNING = True


def _stop(signum, _frame):
    global RUNNING
    log.info("signal %s received, finishing current batch", signum)
    RUNNING = False


def drop_privileges(user: str, group: str, run_dir: Path) -> None:
    if os.getuid() != 0:
        log.info("not root (uid=%s), keeping current identity", os.getuid())
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    run_dir.mkdir(parents=True, exist_ok=True)
    os.chown(run_dir, pw.pw_uid, gid)
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o027)
    if os.getuid() == 0 or os.geteuid() == 0:
        raise SystemExit("privilege drop failed")
    os.environ["HOME"] = pw.pw_dir
    log.info("dropped privileges to %s:%s", user, group)


class Mirror:
    def __init__(self, path: Path):
        self.db = sqlite3.connect(path)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS mirror (source_table TEXT, pk TEXT, "
            "payload TEXT, lsn INTEGER, PRIMARY KEY (source_table, pk))"
        )

    def apply(self, event: dict) -> None:
        payload = event.get("payload", event)
        source = payload.get("source", {})
        table = f"{source.get('schema')}.{source.get('table')}"
        op = payload.get("op")
        row = payload.get("after") if op in ("c", "u", "r") else payload.get("before")
        if not row:
            return
        pk = str(row.get("id"))
        if op == "d":
            self.db.execute("DELETE FROM mirror WHERE source_table = ? AND pk = ?", (table, pk))
        else:
            self.db.execute(
                "INSERT INTO mirror VALUES (?, ?, ?, ?) ON CONFLICT(source_table, pk) "
                "DO UPDATE SET payload = excluded.payload, lsn = excluded.lsn",
                (table, pk, json.dumps(row, sort_keys=True), source.get("lsn")),
            )

    def commit(self):
        self.db.commit()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="/etc/cdc/consumer.ini")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("cannot read %s", args.config)
        return 78
    svc = cfg["service"]
    run_dir = Path(svc.get("run_dir", "/run/cdc-consumer"))
    drop_privileges(svc.get("user", "cdc"), svc.get("group", "cdc"), run_dir)
    (run_dir / "consumer.pid").write_text(str(os.getpid()))

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)

    kafka = cfg["kafka"]
    consumer = KafkaConsumer(
        *[t.strip() for t in kafka["topics"].split(",")],
        bootstrap_servers=kafka.get("bootstrap", "kafka-1.internal:9092"),
        group_id=kafka.get("group_id", "recon-mirror"),
        enable_auto_commit=False,
        value_deserializer=lambda b: json.loads(b) if b else None,
    )
    mirror = Mirror(Path(svc.get("state_dir", "/var/lib/cdc-consumer")) / "mirror.sqlite")
    try:
        while RUNNING:
            batch = consumer.poll(timeout_ms=1000, max_records=500)
            count = 0
            for records in batch.values():
                for rec in records:
                    if rec.value is not None:
                        mirror.apply(rec.value)
                        count += 1
            if count:
                mirror.commit()
                consumer.commit()
                log.info("applied %d change events", count)
    finally:
        consumer.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
