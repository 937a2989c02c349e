#!/usr/bin/env python3
"""Backup verifier with a throwaway restore test.

1. Checks every file listed in the backup set's manifest.json (size + sha256).
2. Starts a short-lived postgres container with the backup folder mounted
   read-only and runs pg_restore --list against the dump, so we know the
   backup would restore on the spare server.

Talks to the local Docker Engine API directly so it works on the practice
server without the docker CLI or the docker Python SDK installed.
"""

import argparse
import hashlib
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("restore_sandbox")

ENGINE_SOCKET = "/var/run/docker.sock"
IMAGE = "postgres:15-alpine"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None, raw=False):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        if raw:
            return data
        return json.loads(data) if data else {}


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def check_manifest(backup_dir):
    manifest = json.loads((backup_dir / "manifest.json").read_text())
    problems = []
    for entry in manifest["files"]:
        p = backup_dir / entry["path"]
        if not p.exists():
            problems.append(f"missing {entry['path']}")
        elif p.stat().st_size != entry["size"]:
            problems.append(f"size differs {entry['path']}")
        elif sha256_of(p) != entry["sha256"]:
            problems.append(f"checksum differs {entry['path']}")
    return manifest, problems


def demux(stream):
    """Strip the 8-byte frame headers from a non-TTY container log stream."""
    out, i = [], 0
    while i + 8 <= len(stream):
        size = int.from_bytes(stream[i + 4:i + 8], "big")
        out.append(stream[i + 8:i + 8 + size])
        i += 8 + size
    return b"".join(out).decode(errors="replace")


def restore_test(engine, backup_dir, dump_name, timeout):
    spec = {
        "Image": IMAGE,
        "Cmd": ["pg_restore", "--list", f"/backup/{dump_name}"],
        "HostConfig": {"Binds": [f"{backup_dir.resolve()}:/backup:ro"], "AutoRemove": False},
        "Labels": {"purpose": "restore-test"},
    }
    name = f"restore-test-{int(time.time())}"
    cid = engine.call("POST", f"/containers/create?name={name}", spec)["Id"]
    try:
        engine.call("POST", f"/containers/{cid}/start")
        status = engine.call("POST", f"/containers/{cid}/wait?condition=not-running")
        logs = demux(engine.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True))
        return status.get("StatusCode", 1) == 0, logs
    finally:
        try:
            engine.call("DELETE", f"/containers/{cid}?force=1")
        except RuntimeError as exc:
            log.warning("could not remove %s: %s", name, exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("backup_dir", type=Path)
    ap.add_argument("--socket", default=ENGINE_SOCKET)
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("--manifest-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    manifest, problems = check_manifest(args.backup_dir)
    for prob in problems:
        log.error(prob)
    if problems or args.manifest_only:
        return 1 if problems else 0

    engine = Engine(args.socket)
    try:
        engine.call("POST", f"/images/create?fromImage={IMAGE.split(':')[0]}&tag={IMAGE.split(':')[1]}", raw=True)
        ok, logs = restore_test(engine, args.backup_dir, manifest["dump"], args.timeout)
    except (OSError, RuntimeError) as exc:
        log.error("restore test could not run: %s", exc)
        return 2
    toc = [ln for ln in logs.splitlines() if ln and not ln.startswith(";")]
    log.info("restore test %s, %d TOC entries", "passed" if ok else "FAILED", len(toc))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
