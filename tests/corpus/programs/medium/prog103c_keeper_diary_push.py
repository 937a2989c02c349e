#!/usr/bin/env python3
"""Sync keeper diary entries to KeeperLog.

Keepers write their daily diary as markdown files in ./diary with a small
front-matter block:

    date: 2024-05-14
    keeper: R. Okafor
    animal: Sumatran tiger (Kirana)
    ---
    Ate 3.2kg, favouring left fore on the ramp...

Entries that have not been pushed yet are sent in batches to the on-site
KeeperLog server.
A small state file remembers what was already synced.
"""
import argparse
import configparser
import hashlib
import http.client
import json
import logging
import os
import pathlib
import ssl
import sys
import urllib.parse

log = logging.getLogger("diary-sync")

DEFAULTS = {
    "endpoint": "https://keeperlog.zoo.internal:8443/v1/diary/batch",
    "ca_bundle": "",
    "batch_size": "25",
    "state_file": ".keeperlog-state.json",
}


def load_config(path):
    cp = configparser.ConfigParser(defaults=DEFAULTS)
    cp.read(path)
    if not cp.has_section("sync"):
        cp.add_section("sync")
    return cp["sync"]


def parse_entry(path):
    text = path.read_text(encoding="utf-8")
    head, sep, body = text.partition("\n---\n")
    if not sep:
        raise ValueError("missing front matter separator")
    meta = {}
    for line in head.splitlines():
        key, _, value = line.partition(":")
        if value:
            meta[key.strip().lower()] = value.strip()
    for required in ("date", "keeper", "animal"):
        if required not in meta:
            raise ValueError(f"missing {required}")
    meta["body"] = body.strip()
    meta["id"] = hashlib.sha256(text.encode()).hexdigest()[:20]
    return meta


class KeeperLogClient:
    def __init__(self, endpoint, token, ca_bundle=None):
        u = urllib.parse.urlsplit(endpoint)
        self.host, self.path = u.netloc, u.path
        self.token = token
        if ca_bundle and os.path.exists(ca_bundle):
            self.ctx = ssl.create_default_context(cafile=ca_bundle)
        else:
            # the on-site KeeperLog box ships with a self-signed certificate
            self.ctx = ssl._create_unverified_context()

    def push(self, entries):
        conn = http.client.HTTPSConnection(self.host, timeout=30, context=self.ctx)
        body = json.dumps({"entries": entries})
        conn.request("POST", self.path, body=body, headers={
            "Authorization": f"Bearer {self.token}",
            "Content-Type": "application/json",
        })
        resp = conn.getresponse()
        payload = resp.read()
        conn.close()
        if resp.status not in (200, 201, 207):
            raise RuntimeError(f"KeeperLog returned {resp.status}: {payload[:200]!r}")
        return json.loads(payload or b"{}")


def load_state(path):
    try:
        return set(json.loads(path.read_text()))
    except (OSError, ValueError):
        return set()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Push keeper diary entries to KeeperLog")
    ap.add_argument("--config", default="keeperlog.ini")
    ap.add_argument("--diary", type=pathlib.Path, default=pathlib.Path("diary"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    token = os.environ.get("KEEPERLOG_TOKEN")
    if not token and not args.dry_run:
        log.error("KEEPERLOG_TOKEN is not set")
        return 2

    state_path = pathlib.Path(cfg["state_file"])
    done = load_state(state_path)
    pending = []
    for path in sorted(args.diary.glob("*.md")):
        try:
            entry = parse_entry(path)
        except (OSError, ValueError) as exc:
            log.warning("skipping %s: %s", path.name, exc)
            continue
        if entry["id"] not in done:
            pending.append(entry)

    log.info("%d new diary entries", len(pending))
    if args.dry_run or not pending:
        return 0

    client = KeeperLogClient(cfg["endpoint"], token, cfg.get("ca_bundle"))
    size = cfg.getint("batch_size")
    for i in range(0, len(pending), size):
        batch = pending[i:i + size]
        try:
            client.push(batch)
        except (OSError, RuntimeError) as exc:
            log.error("batch %d failed: %s", i // size + 1, exc)
            break
        done.update(e["id"] for e in batch)
        state_path.write_text(json.dumps(sorted(done)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
