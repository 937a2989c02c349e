#!/usr/bin/env python3
"""Chip timing relay client.

Connects to the venue timing relay (the box the finish-line mats feed into),
subscribes to one race and writes every chip read into a local SQLite file so
the results team can keep working if the venue wifi drops.

Progress is checkpointed so a restart resumes from the last sequence number
instead of replaying the whole feed from the gun.
"""
import argparse
import configparser
import json
import logging
import os
import pickle
import socket
import sqlite3
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("chip_relay")

CHECKPOINT_FILE = Path(".relay_checkpoint.pkl")
DEFAULTS = {
    "host": "relay.chiptime.example.net",
    "port": "7420",
    "race_id": "",
    "db": "reads.sqlite",
    "reconnect_delay": "5",
}


@dataclass
class RelayState:
    race_id: str
    last_seq: int = 0
    reads_seen: int = 0
    mats: dict = field(default_factory=dict)


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"relay": DEFAULTS})
    if os.path.exists(path):
        cfg.read(path)
    return cfg["relay"]


def load_state(race_id):
    if CHECKPOINT_FILE.exists():
        try:
            with CHECKPOINT_FILE.open("rb") as fh:
                state = pickle.load(fh)
            if state.race_id == race_id:
                log.info("resuming %s from seq %d", race_id, state.last_seq)
                return state
            log.info("checkpoint is for %s, ignoring", state.race_id)
        except (pickle.UnpicklingError, EOFError, AttributeError) as exc:
            log.warning("checkpoint unreadable (%s), starting fresh", exc)
    return RelayState(race_id=race_id)


def save_state(state):
    tmp = CHECKPOINT_FILE.with_suffix(".tmp")
    with tmp.open("wb") as fh:
        pickle.dump(state, fh)
    tmp.replace(CHECKPOINT_FILE)


def open_db(path):
    db = sqlite3.connect(path)
    db.execute(
        """CREATE TABLE IF NOT EXISTS reads (
               seq INTEGER PRIMARY KEY, race_id TEXT, chip TEXT,
               mat TEXT, ts REAL, rssi INTEGER)"""
    )
    return db


class RelayClient:
    def __init__(self, host, port, state, db):
        self.host = host
        self.port = port
        self.state = state
        self.db = db
        self.sock = None
        self.reader = None

    def connect(self):
        self.sock = socket.create_connection((self.host, self.port), timeout=15)
        self.sock.settimeout(90)
        hello = {
            "op": "subscribe",
            "race": self.state.race_id,
            "from_seq": self.state.last_seq + 1,
            "client": socket.gethostname(),
        }
        self.sock.sendall((json.dumps(hello) + "\n").encode())
        self.reader = self.sock.makefile("r", encoding="utf-8", newline="\n")
        log.info("subscribed to %s at %s:%s", self.state.race_id, self.host, self.port)

    def close(self):
        for obj in (self.reader, self.sock):
            try:
                if obj:
                    obj.close()
            except OSError:
                pass

    def _store_read(self, msg):
        self.db.execute(
            "INSERT OR IGNORE INTO reads VALUES (?, ?, ?, ?, ?, ?)",
            (msg["seq"], self.state.race_id, msg["chip"], msg["mat"],
             msg["ts"], msg.get("rssi")),
        )
        self.state.last_seq = max(self.state.last_seq, msg["seq"])
        self.state.reads_seen += 1
        if self.state.reads_seen % 200 == 0:
            self.db.commit()
            save_state(self.state)
            log.info("%d reads stored (seq %d)", self.state.reads_seen, self.state.last_seq)

    def handle(self, msg):
        op = msg.get("op")
        if op == "read":
            self._store_read(msg)
        elif op == "mat_status":
            self.state.mats[msg["mat"]] = msg.get("status")
            log.info("mat %s is %s", msg["mat"], msg.get("status"))
        elif op == "heartbeat":
            self.sock.sendall(b'{"op":"pong"}\n')
        else:
            log.debug("ignoring op %r", op)

    def run(self):
        for line in self.reader:
            line = line.strip()
            if not line:
                continue
            try:
                self.handle(json.loads(line))
            except (ValueError, KeyError) as exc:
                log.warning("bad frame %r: %s", line[:80], exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="relay.ini")
    ap.add_argument("--race", help="override race_id from config")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    race_id = args.race or cfg.get("race_id")
    if not race_id:
        sys.exit("no race id: set race_id in config or pass --race")

    state = load_state(race_id)
    db = open_db(cfg.get("db"))
    delay = cfg.getint("reconnect_delay")
    client = RelayClient(cfg.get("host"), cfg.getint("port"), state, db)

    try:
        while True:
            try:
                client.connect()
                client.run()
                log.warning("relay closed the stream")
            except (OSError, socket.timeout) as exc:
                log.warning("relay connection lost: %s", exc)
            finally:
                client.close()
                db.commit()
                save_state(state)
            time.sleep(delay)
    except KeyboardInterrupt:
        log.info("stopping, %d reads this session", state.reads_seen)
    finally:
        db.commit()
        save_state(state)
        db.close()


if __name__ == "__main__":
    main()
