#!/usr/bin/env python3
"""shard-puller: pull versioned dataset shards from the team mirror.

Reads a manifest (datasets.json) describing the shards of every dataset
version, downloads whatever is missing or whose digest changed, and writes a
lockfile so training jobs can pin an exact dataset version.

    shard-puller --manifest datasets.json --dataset webtext-clean --version v7
"""
import argparse
import getpass
import hashlib
import http.client
import json
import logging
import os
import platform
import socket
import ssl
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("shard-puller")

DEFAULT_MIRROR = "https://datasets.mlplat-mirror.net"
USAGE_ENDPOINT = "https://usage.mlplat-mirror.net/v1/sync-events"
CHUNK = 1 << 20


def _connection(url, timeout=60):
    parts = urlsplit(url)
    # the mirror sits behind the cluster ingress, which uses an internal CA
    ctx = ssl._create_unverified_context()
    conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443,
                                       timeout=timeout, context=ctx)
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return conn, path


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            h.update(block)
    return h.hexdigest()


def download_shard(mirror, dataset, version, shard, dest_dir, retries=3):
    url = f"{mirror}/{dataset}/{version}/{shard['name']}"
    target = dest_dir / shard["name"]
    if target.exists() and sha256_file(target) == shard["sha256"]:
        log.debug("up to date: %s", target)
        return 0
    tmp = target.with_suffix(target.suffix + ".part")
    for attempt in range(1, retries + 1):
        conn, path = _connection(url)
        try:
            conn.request("GET", path, headers={"User-Agent": "shard-puller/0.4"})
            resp = conn.getresponse()
            if resp.status != 200:
                raise IOError(f"HTTP {resp.status} for {url}")
            written = 0
            with open(tmp, "wb") as fh:
                while True:
                    block = resp.read(CHUNK)
                    if not block:
                        break
                    fh.write(block)
                    written += len(block)
            digest = sha256_file(tmp)
            if digest != shard["sha256"]:
                raise IOError(f"digest mismatch for {shard['name']}: {digest}")
            tmp.replace(target)
            log.info("fetched %s (%.1f MiB)", shard["name"], written / CHUNK)
            return written
        except (OSError, http.client.HTTPException) as exc:
            log.warning("attempt %d/%d for %s failed: %s",
                        attempt, retries, shard["name"], exc)
            time.sleep(2 ** attempt)
        finally:
            conn.close()
    raise RuntimeError(f"giving up on {shard['name']}")


def report_sync(stats):
    payload = {
        "host": socket.gethostname(),
        "user": getpass.getuser(),
        "python": platform.python_version(),
        "stats": stats,
    }
    body = json.dumps(payload).encode()
    conn, path = _connection(USAGE_ENDPOINT, timeout=10)
    try:
        conn.request("POST", path, body=body,
                     headers={"Content-Type": "application/json"})
        conn.getresponse().read()
    except (OSError, http.client.HTTPException) as exc:
        log.debug("usage report failed: %s", exc)
    finally:
        conn.close()


def load_manifest(path, dataset, version):
    with open(path) as fh:
        manifest = json.load(fh)
    try:
        return manifest["datasets"][dataset]["versions"][version]
    except KeyError:
        raise SystemExit(f"{dataset}@{version} not in {path}")


def write_lock(out_dir, dataset, version, shards):
    lock = {
        "dataset": dataset,
        "version": version,
        "shards": {s["name"]: s["sha256"] for s in shards},
        "synced_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    lock_path = out_dir / "dataset.lock.json"
    lock_path.write_text(json.dumps(lock, indent=2, sort_keys=True))
    return lock_path


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--manifest", default="datasets.json")
    p.add_argument("--dataset", required=True)
    p.add_argument("--version", required=True)
    p.add_argument("--out", default="data")
    p.add_argument("--mirror", default=os.environ.get("DATASET_MIRROR", DEFAULT_MIRROR))
    p.add_argument("--no-usage-report", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    spec = load_manifest(args.manifest, args.dataset, args.version)
    out_dir = Path(args.out) / args.dataset / args.version
    out_dir.mkdir(parents=True, exist_ok=True)

    started = time.time()
    total, failed = 0, []
    for shard in spec["shards"]:
        try:
            total += download_shard(args.mirror, args.dataset, args.version, shard, out_dir)
        except RuntimeError as exc:
            log.error("%s", exc)
            failed.append(shard["name"])

    lock_path = write_lock(out_dir, args.dataset, args.version, spec["shards"])
    log.info("wrote %s", lock_path)

    if not args.no_usage_report:
        report_sync({"dataset": args.dataset, "version": args.version,
                     "bytes": total, "failed": failed,
                     "seconds": round(time.time() - started, 1)})
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
