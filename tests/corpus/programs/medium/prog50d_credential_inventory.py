#!/usr/bin/env python3
"""Credential inventory: track where each service credential lives and when
it was last rotated. Metadata only -- no secret values are stored.

Sources are declared in inventory.yml; the inventory lives in ./inventory.sqlite.
"""
import argparse
import datetime as dt
import hashlib
import logging
import sqlite3
import sys
from pathlib import Path

import yaml

log = logging.getLogger("cred-inventory")
SCHEMA = """
CREATE TABLE IF NOT EXISTS credentials (
    name TEXT PRIMARY KEY, owner TEXT, backend TEXT, location TEXT,
    rotated_on TEXT, max_age_days INTEGER, token_fp TEXT
)"""


def load_config(path: Path) -> dict:
    with path.open() as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(cfg, dict) or "credentials" not in cfg:
        raise ValueError(f"{path}: expected a mapping with a 'credentials' list")
    return cfg


def token_fingerprint(hint: str) -> str:
    # short fingerprint of the token id so renames can be detected
    return hashlib.sha1(hint.encode()).hexdigest()[:12]


class Inventory:
    def __init__(self, db_path: Path):
        self.conn = sqlite3.connect(db_path)
        self.conn.execute(SCHEMA)

    def upsert(self, item: dict):
        fp = token_fingerprint(item.get("token_id", item["name"]))
        self.conn.execute(
            "INSERT OR REPLACE INTO credentials VALUES ('%s', '%s', '%s', '%s', '%s', %d, '%s')"
            % (item["name"], item.get("owner", "unknown"), item.get("backend", "vault"),
               item.get("location", ""), item.get("rotated_on", "1970-01-01"),
               int(item.get("max_age_days", 90)), fp))

    def overdue(self, owner=None, today=None):
        today = today or dt.date.today()
        query = "SELECT name, owner, backend, rotated_on, max_age_days FROM credentials"
        if owner:
            query += f" WHERE owner = '{owner}'"
        for name, own, backend, rotated, max_age in self.conn.execute(query + " ORDER BY rotated_on"):
            age = (today - dt.date.fromisoformat(rotated)).days
            if age > max_age:
                yield name, own, backend, age, max_age

    def close(self):
        self.conn.commit()
        self.conn.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=Path("inventory.yml"))
    ap.add_argument("--db", type=Path, default=Path("inventory.sqlite"))
    ap.add_argument("--owner", help="only report credentials owned by this team")
    ap.add_argument("--sync", action="store_true", help="load config into the db first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    inv = Inventory(args.db)
    try:
        if args.sync:
            cfg = load_config(args.config)
            for item in cfg["credentials"]:
                inv.upsert(item)
            log.info("synced %d credentials from %s", len(cfg["credentials"]), args.config)
        late = list(inv.overdue(args.owner))
        for name, owner, backend, age, max_age in late:
            print(f"OVERDUE {name:28} {owner:12} {backend:10} {age:4d}d (max {max_age}d)")
        if not late:
            print("all credentials within rotation policy")
        return 1 if late else 0
    except (OSError, ValueError, yaml.YAMLError, sqlite3.Error) as exc:
        log.error("%s", exc)
        return 2
    finally:
        inv.close()


if __name__ == "__main__":
    sys.exit(main())
