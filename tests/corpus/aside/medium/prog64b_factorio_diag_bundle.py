#!/usr/bin/env python3
"""Build a diagnostics bundle for a headless Factorio server.

Collects the server settings, map-gen settings, mod list, the current and
previous logs and the output of ``factorio --version`` into one tarball that
can be attached to a bug report on the community tracker.

    factorio_diag_bundle.py --factorio-dir /opt/factorio
"""

import argparse
import io
import json
import logging
import subprocess
import sys
import tarfile
import time
from pathlib import Path

log = logging.getLogger("factorio_diag")

BUNDLE_PATH = "/tmp/factorio-diag.tar.gz"
CONFIG_FILES = (
    "data/server-settings.json",
    "data/map-gen-settings.json",
    "data/map-settings.json",
    "mods/mod-list.json",
    "config/config.ini",
)
LOG_FILES = ("factorio-current.log", "factorio-previous.log")
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

    def build(self) -> str:
        with tarfile.open(self.out_path, "w:gz") as tar:
            for rel in CONFIG_FILES:
                self._add_config(tar, rel)
            self._add_logs(tar)
            self._add_bytes(tar, "version.txt", factorio_version(self.factorio_dir).encode())
            manifest = {"created": time.strftime("%Y-%m-%dT%H:%M:%S"), "files": self.members}
            self._add_bytes(tar, "manifest.json", json.dumps(manifest, indent=2).encode())
        return self.out_path


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="collect Factorio server diagnostics")
    p.add_argument("--factorio-dir", type=Path, default=Path("/opt/factorio"))
    p.add_argument("-o", "--output", default=BUNDLE_PATH)
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
    log.info("wrote %s (%d files); attach it to your bug report", path, len(builder.members))
    return 0


if __name__ == "__main__":
    sys.exit(main())
