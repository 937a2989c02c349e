#!/usr/bin/env python3
"""CDC consumer: reads Debezium change events for the `orders` and
`order_items` tables from Kafka and applies them to a local SQLite replica
used by the reporting notebooks.

Consumer progress (per-partition offsets plus a small LSN watermark) is
checkpointed to ./state/cdc_checkpoint.pkl so the job can resume after a
restart without relying on Kafka group commits.
"""
import argparse
import json
import logging
import pickle
import signal
import sqlite3
import time
from collections import defaultdict
from pathlib import Path

from kafka import KafkaConsumer, TopicPartition

LOG = logging.getLogger("cdc_applier")
CHECKPOINT = Path("state/cdc_checkpoint.pkl")

UPSERTS = {
    "orders": (
        "INSERT INTO orders (id, customer_id, status, total_cents, updated_at) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT(id) DO UPDATE SET customer_id=excluded.customer_id, status=excluded.status, "
        "total_cents=excluded.total_cents, updated_at=excluded.updated_at",
        ("id", "customer_id", "status", "total_cents", "updated_at"),
    ),
    "order_items": (
        "INSERT INTO order_items (id, order_id, sku, qty) VALUES (?, ?, ?, ?) "
        "ON CONFLICT(id) DO UPDATE SET order_id=excluded.order_id, sku=excluded.sku, qty=excluded.qty",
        ("id", "order_id", "sku", "qty"),
    ),
}
DELETES = {
    "orders": "DELETE FROM orders WHERE id = ?",
    "order_items": "DELETE FROM order_items WHERE id = ?",
}


class Checkpoint:
    def __init__(self, path: Path):
        self.path = path
        self.offsets = {}
        self.lsn = 0
        self.applied = defaultdict(int)

    @classmethod
    def load(cls, path: Path) -> "Checkpoint":
        if path.exists():
            with path.open("rb") as fh:
                obj = pickle.load(fh)
            LOG.info("resuming from checkpoint lsn=%s offsets=%s", obj.lsn, obj.offsets)
            return obj
        return cls(path)

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        with tmp.open("wb") as fh:
            pickle.dump(self, fh, protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(self.path)


def ensure_schema(conn):
    conn.executescript(
        """
        CREATE TABLE IF NOT EXISTS orders (id INTEGER PRIMARY KEY, customer_id INTEGER,
            status TEXT, total_cents INTEGER, updated_at TEXT);
        CREATE TABLE IF NOT EXISTS order_items (id INTEGER PRIMARY KEY, order_id INTEGER,
            sku TEXT, qty INTEGER);
        """
    )


def apply_event(conn, table: str, event: dict) -> bool:
    op = event.get("op")
    if op in ("c", "u", "r"):
        sql, cols = UPSERTS[table]
        after = event["after"]
        conn.execute(sql, tuple(after.get(c) for c in cols))
    elif op == "d":
        conn.execute(DELETES[table], (event["before"]["id"],))
    else:
        return False
    return True


def run(args) -> None:
    ckpt = Checkpoint.load(CHECKPOINT)
    conn = sqlite3.connect(args.replica)
    ensure_schema(conn)

    consumer = KafkaConsumer(
        bootstrap_servers=args.bootstrap.split(","),
        enable_auto_commit=False,
        value_deserializer=lambda b: json.loads(b) if b else None,
        consumer_timeout_ms=5000,
    )
    topics = {f"{args.prefix}.public.{t}": t for t in UPSERTS}
    parts = []
    for topic in topics:
        for p in consumer.partitions_for_topic(topic) or []:
            parts.append(TopicPartition(topic, p))
    consumer.assign(parts)
    for tp in parts:
        key = f"{tp.topic}:{tp.partition}"
        if key in ckpt.offsets:
            consumer.seek(tp, ckpt.offsets[key] + 1)

    stop = {"flag": False}
    signal.signal(signal.SIGTERM, lambda *_: stop.update(flag=True))
    last_save = time.monotonic()

    while not stop["flag"]:
        for msg in consumer:
            if msg.value is None:
                continue
            payload = msg.value.get("payload", msg.value)
            table = topics[msg.topic]
            if apply_event(conn, table, payload):
                ckpt.applied[table] += 1
            ckpt.offsets[f"{msg.topic}:{msg.partition}"] = msg.offset
            ckpt.lsn = max(ckpt.lsn, payload.get("source", {}).get("lsn") or 0)
            if time.monotonic() - last_save > args.checkpoint_every:
                conn.commit()
                ckpt.save()
                last_save = time.monotonic()
        conn.commit()
        ckpt.save()
        if args.once:
            break
    LOG.info("applied counts: %s", dict(ckpt.applied))
    conn.close()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bootstrap", default="localhost:9092")
    ap.add_argument("--prefix", default="shopdb")
    ap.add_argument("--replica", default="replica.db")
    ap.add_argument("--checkpoint-every", type=float, default=10.0)
    ap.add_argument("--once", action="store_true")
    logging.basicConfig(level=logging.INFO)
    run(ap.parse_args())
