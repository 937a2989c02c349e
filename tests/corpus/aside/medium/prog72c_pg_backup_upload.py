#!/usr/bin/env python3
"""pg_backup_upload - dump a PostgreSQL database and ship it to the backup vault.

Settings come from an INI file (default ./backup.ini, section [backup]) with
command-line overrides.  The dump is taken in custom format, gzipped, hashed
and PUT to the vault HTTP API together with a small JSON manifest so the
restore tooling can find it later.

    VAULT_TOKEN=... ./pg_backup_upload.py --db billing --keep-local
"""
import argparse
import configparser
import datetime as dt
import gzip
import hashlib
import http.client
import json
import logging
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("pg_backup_upload")

DEFAULTS = {
    "host": "localhost",
    "port": "5432",
    "user": "postgres",
    "dbname": "app",
    "vault_url": "https://vault-backup.internal:8443/api/v1/objects",
    "workdir": "./backups",
    "retries": "3",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["backup"] = DEFAULTS
    if path and Path(path).is_file():
        log.debug("reading %s", path)
        cp.read(path)
    return dict(cp["backup"])


def run_dump(cfg, outdir):
    stamp = dt.datetime.utcnow().strftime("%Y%m%dT%H%M%SZ")
    target = outdir / f"{cfg['dbname']}-{stamp}.dump"
    cmd = [
        "pg_dump",
        "-h", cfg["host"],
        "-p", cfg["port"],
        "-U", cfg["user"],
        "--format=custom",
        "--no-owner",
        "-f", str(target),
        cfg["dbname"],
    ]
    log.info("dumping %s@%s:%s", cfg["dbname"], cfg["host"], cfg["port"])
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"pg_dump failed: {proc.stderr.strip()}")
    return target


def compress(path):
    gz = path.with_suffix(path.suffix + ".gz")
    with open(path, "rb") as src, gzip.open(gz, "wb", compresslevel=6) as dst:
        shutil.copyfileobj(src, dst, 1 << 20)
    path.unlink()
    return gz


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def build_manifest(cfg, archive):
    return {
        "database": cfg["dbname"],
        "source_host": cfg["host"],
        "agent_host": socket.gethostname(),
        "archive": archive.name,
        "size": archive.stat().st_size,
        "sha256": sha256_of(archive),
        "created": dt.datetime.utcnow().isoformat() + "Z",
        "format": "pg_dump/custom+gzip",
    }


class VaultClient:
    def __init__(self, url, token, timeout=120):
        parts = urlsplit(url)
        self.host = parts.hostname
        self.port = parts.port or 443
        self.base = parts.path.rstrip("/")
        self.token = token
        self.timeout = timeout

    def _conn(self):
        return http.client.HTTPSConnection(self.host, self.port, timeout=self.timeout)

    def _headers(self, ctype, length):
        return {
            "Authorization": f"Bearer {self.token}",
            "Content-Type": ctype,
            "Content-Length": str(length),
        }

    def put_file(self, name, path):
        conn = self._conn()
        try:
            with open(path, "rb") as fh:
                conn.request("PUT", f"{self.base}/{name}", body=fh,
                             headers=self._headers("application/gzip", path.stat().st_size))
                resp = conn.getresponse()
                resp.read()
            if resp.status >= 300:
                raise RuntimeError(f"vault PUT {name}: HTTP {resp.status}")
        finally:
            conn.close()

    def put_json(self, name, obj):
        body = json.dumps(obj, sort_keys=True).encode()
        conn = self._conn()
        try:
            conn.request("PUT", f"{self.base}/{name}", body=body,
                         headers=self._headers("application/json", len(body)))
            resp = conn.getresponse()
            resp.read()
            if resp.status >= 300:
                raise RuntimeError(f"vault PUT {name}: HTTP {resp.status}")
        finally:
            conn.close()


def with_retries(fn, attempts, *args):
    for i in range(1, attempts + 1):
        try:
            return fn(*args)
        except (OSError, RuntimeError) as exc:
            log.warning("attempt %d/%d failed: %s", i, attempts, exc)
            if i == attempts:
                raise
            time.sleep(2 ** i)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="backup.ini")
    ap.add_argument("--db", help="database name (overrides config)")
    ap.add_argument("--keep-local", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    if args.db:
        cfg["dbname"] = args.db

    token = os.environ.get("VAULT_TOKEN")
    if not token:
        log.error("VAULT_TOKEN is not set")
        return 2

    outdir = Path(cfg["workdir"])
    outdir.mkdir(parents=True, exist_ok=True)

    try:
        archive = compress(run_dump(cfg, outdir))
    except (RuntimeError, OSError) as exc:
        log.error("%s", exc)
        return 1

    manifest = build_manifest(cfg, archive)
    client = VaultClient(cfg["vault_url"], token)
    attempts = int(cfg["retries"])
    with_retries(client.put_file, attempts, archive.name, archive)
    with_retries(client.put_json, attempts, archive.name + ".manifest.json", manifest)
    log.info("uploaded %s (%d bytes)", archive.name, manifest["size"])

    if not args.keep_local:
        archive.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
