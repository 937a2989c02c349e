#!/usr/bin/env python3
"""Register a case's evidence inventory with the evidence-locker drop box.

Hashes every file under ./cases/<case-id>/ and uploads only the inventory
(names, sizes, SHA-256) to the locker's anonymous FTP intake, so chain of
custody is recorded before the archives themselves are couriered.
"""
import argparse
import hashlib
import io
import json
import logging
import socket
import sys
from datetime import datetime, timezone
from ftplib import FTP, all_errors
from pathlib import Path

log = logging.getLogger("manifest-drop")


def sha256_of(path):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while True:
            block = fh.read(1 << 16)
            if not block:
                break
            h.update(block)
    return h.hexdigest()


def build_inventory(case_dir):
    entries = []
    for path in sorted(p for p in case_dir.rglob("*") if p.is_file()):
        st = path.stat()
        entries.append({
            "name": str(path.relative_to(case_dir)),
            "size": st.st_size,
            "mtime": datetime.fromtimestamp(st.st_mtime, timezone.utc).isoformat(),
            "sha256": sha256_of(path),
        })
    return entries


class LockerDrop:
    def __init__(self, host, port=21, directory="incoming", timeout=30):
        self.host, self.port, self.directory, self.timeout = host, port, directory, timeout

    def upload(self, remote_name, payload: bytes):
        ftp = FTP()
        ftp.connect(self.host, self.port, timeout=self.timeout)
        try:
            ftp.login()  # intake accepts anonymous write-only uploads
            ftp.cwd(self.directory)
            ftp.storbinary(f"STOR {remote_name}", io.BytesIO(payload))
            log.info("stored %s on %s:%s/%s", remote_name, self.host, self.port, self.directory)
        finally:
            try:
                ftp.quit()
            except all_errors:
                ftp.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("case_id")
    ap.add_argument("--cases-root", type=Path, default=Path("cases"))
    ap.add_argument("--locker", default="evidence-locker.ir.example-corp.com")
    ap.add_argument("--port", type=int, default=21)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    case_dir = args.cases_root / args.case_id
    if not case_dir.is_dir():
        sys.exit(f"no such case directory: {case_dir}")

    inventory = {
        "case": args.case_id,
        "collected_on": socket.gethostname(),
        "registered": datetime.now(timezone.utc).isoformat(),
        "files": build_inventory(case_dir),
    }
    payload = json.dumps(inventory, indent=2).encode()
    local_copy = case_dir / "inventory.json"
    local_copy.write_bytes(payload)

    if args.dry_run:
        print(payload.decode())
        return
    remote = f"{args.case_id}_{socket.gethostname()}_inventory.json"
    try:
        LockerDrop(args.locker, args.port).upload(remote, payload)
    except all_errors as exc:
        sys.exit(f"upload failed: {exc}")


if __name__ == "__main__":
    main()
