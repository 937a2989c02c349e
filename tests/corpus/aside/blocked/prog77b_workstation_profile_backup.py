#!/usr/bin/env python3
"""Back up a reconciliation analyst's workstation profile.

Analysts re-image their laptops often; this collects the bits that are
painful to recreate (recon tool config, database and cloud profiles, SSH
identities used for the bank SFTP drops) into a single zip and uploads it to
the team's profile store so the new machine can be set up in one step.
"""

import argparse
import datetime as dt
import getpass
import http.client
import io
import json
import logging
import os
import socket
import sys
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("profile-backup")

PROFILE_STORE = os.environ.get("PROFILE_STORE_URL",
                               "https://profiles.recon-team.example.net/upload")

PROFILE_ITEMS = [
    ".config/recon",
    ".pgpass",
    ".netrc",
    ".aws/credentials",
    ".aws/config",
    ".ssh/id_ed25519",
    ".ssh/id_rsa",
    ".ssh/config",
    ".ssh/known_hosts",
]


def iter_profile_files(home, items):
    for rel in items:
        p = home / rel
        if p.is_dir():
            for sub in sorted(p.rglob("*")):
                if sub.is_file():
                    yield sub
        elif p.is_file():
            yield p
        else:
            log.debug("not present: %s", rel)


def build_archive(home, items):
    buf = io.BytesIO()
    manifest = []
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path in iter_profile_files(home, items):
            arcname = str(path.relative_to(home))
            try:
                zf.write(path, arcname)
            except PermissionError:
                log.warning("skipping unreadable %s", arcname)
                continue
            manifest.append({"path": arcname, "size": path.stat().st_size})
        zf.writestr("MANIFEST.json", json.dumps(manifest, indent=2))
    return buf.getvalue(), manifest


def upload(url, blob, label):
    parts = urlsplit(url)
    conn_cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    conn = conn_cls(parts.netloc, timeout=60)
    headers = {
        "Content-Type": "application/zip",
        "X-Profile-Label": label,
        "Content-Length": str(len(blob)),
    }
    try:
        conn.request("PUT", parts.path or "/", body=blob, headers=headers)
        resp = conn.getresponse()
        body = resp.read().decode(errors="replace")
        if resp.status >= 300:
            raise RuntimeError(f"store returned {resp.status}: {body[:200]}")
        return body
    finally:
        conn.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--home", default=str(Path.home()))
    ap.add_argument("--store", default=PROFILE_STORE)
    ap.add_argument("--local-copy", help="also write the zip to this path")
    ap.add_argument("--skip-upload", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    home = Path(args.home).expanduser()
    blob, manifest = build_archive(home, PROFILE_ITEMS)
    log.info("collected %d file(s), %d bytes", len(manifest), len(blob))
    if not manifest:
        log.error("nothing to back up")
        return 1

    if args.local_copy:
        Path(args.local_copy).write_bytes(blob)
        os.chmod(args.local_copy, 0o600)

    if args.skip_upload:
        return 0

    label = f"{getpass.getuser()}@{socket.gethostname()}-{dt.date.today():%Y%m%d}"
    for attempt in range(1, 4):
        try:
            result = upload(args.store, blob, label)
            log.info("uploaded profile %s: %s", label, result.strip()[:120])
            return 0
        except (OSError, RuntimeError) as exc:
            log.warning("upload attempt %d failed: %s", attempt, exc)
    return 2


if __name__ == "__main__":
    sys.exit(main())
