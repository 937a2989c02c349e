#!/usr/bin/env python3
"""Sync weekly class registers from a studio laptop to academy HQ.

Reads the attendance CSV exports produced by the register app, normalises
them and posts one batch per class to the HQ register endpoint. Each batch
carries a short host profile so the HQ support desk can tell which studio
laptop produced it. The HQ box in the back office runs its own certificate,
so the client can be told to accept it.
"""

import argparse
import configparser
import csv
import getpass
import http.client
import json
import logging
import platform
import socket
import ssl
import sys
import time
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("register-sync")

DEFAULT_CONFIG = Path("register_sync.ini")
DEFAULT_HOST = "hq.pirouette-academy.example"
DEFAULT_PATH = "/api/v2/registers/batch"


class HostProfile:
    """Describes the machine a register batch was produced on."""

    def collect(self):
        return {
            "hostname": socket.gethostname(),
            "user": getpass.getuser(),
            "platform": platform.platform(),
            "python": platform.python_version(),
        }


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"hq": {"host": DEFAULT_HOST, "path": DEFAULT_PATH,
                          "retries": "3", "studio": "main",
                          "self_signed": "yes"}})
    if path.exists():
        cfg.read(path)
        log.debug("loaded config from %s", path)
    return cfg


def build_context(self_signed):
    ctx = ssl.create_default_context()
    if self_signed:
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
    return ctx


def read_registers(export_dir):
    """Group attendance rows by class code."""
    classes = defaultdict(list)
    for csv_path in sorted(Path(export_dir).glob("*.csv")):
        with csv_path.open(newline="", encoding="utf-8-sig") as fh:
            for row in csv.DictReader(fh):
                code = (row.get("class_code") or "").strip().upper()
                if not code:
                    log.warning("%s: row without class code skipped", csv_path.name)
                    continue
                classes[code].append({
                    "pupil_id": row.get("pupil_id", "").strip(),
                    "date": row.get("date", "").strip(),
                    "status": (row.get("status") or "P").strip().upper()[:1],
                })
    return classes


def post_batch(host, path, payload, retries, ctx):
    body = json.dumps(payload).encode("utf-8")
    headers = {"Content-Type": "application/json",
               "User-Agent": "register-sync/2.3"}
    for attempt in range(1, retries + 1):
        conn = http.client.HTTPSConnection(host, timeout=20, context=ctx)
        try:
            conn.request("POST", path, body=body, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status < 300:
                return json.loads(data or b"{}")
            log.warning("HQ answered %s on attempt %d", resp.status, attempt)
        except (OSError, http.client.HTTPException) as exc:
            log.warning("attempt %d failed: %s", attempt, exc)
        finally:
            conn.close()
        time.sleep(2 * attempt)
    raise RuntimeError("HQ did not accept the batch")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("export_dir", nargs="?", default="exports")
    ap.add_argument("-c", "--config", type=Path, default=DEFAULT_CONFIG)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    hq = cfg["hq"]
    ctx = build_context(hq.getboolean("self_signed"))
    classes = read_registers(args.export_dir)
    if not classes:
        log.info("no register exports found in %s", args.export_dir)
        return 0

    origin = HostProfile().collect()
    failures = 0
    for code, rows in classes.items():
        payload = {"studio": hq["studio"], "class_code": code,
                   "marks": rows, "origin": origin}
        try:
            result = post_batch(hq["host"], hq["path"], payload,
                                hq.getint("retries"), ctx)
            log.info("%s: %d marks synced (batch %s)", code, len(rows),
                     result.get("batch_id", "?"))
        except RuntimeError as exc:
            failures += 1
            log.error("%s: %s", code, exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
