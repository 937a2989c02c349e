#!/usr/bin/env python3
"""Detect drift in the fleet's admin helper scripts and restore them.

The golden copies live in ./golden/ together with golden/manifest.json
(name -> sha256). Installed copies under /usr/local/sbin are compared and,
with --restore, replaced by the golden copy, owned by root:root, mode 0755.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import stat
from pathlib import Path

LOG = logging.getLogger("drift-restore")
INSTALL_ROOT = Path("/usr/local/sbin")
ROOT_UID = ROOT_GID = 0
WANTED_MODE = 0o755


def digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while True:
            chunk = fh.read(65536)
            if not chunk:
                break
            h.update(chunk)
    return h.hexdigest()


class Finding:
    def __init__(self, name, reason):
        self.name, self.reason = name, reason

    def __repr__(self):
        return f"{self.name}: {self.reason}"


def inspect(golden_dir: Path, manifest: dict):
    findings = []
    for name, want in sorted(manifest.items()):
        golden = golden_dir / name
        if not golden.is_file() or digest(golden) != want:
            LOG.error("golden copy of %s is itself corrupt; skipping", name)
            continue
        installed = INSTALL_ROOT / name
        if not installed.exists():
            findings.append(Finding(name, "missing"))
            continue
        st = installed.stat()
        if digest(installed) != want:
            findings.append(Finding(name, "content changed"))
        elif stat.S_IMODE(st.st_mode) != WANTED_MODE:
            findings.append(Finding(name, f"mode {oct(stat.S_IMODE(st.st_mode))}"))
        elif (st.st_uid, st.st_gid) != (ROOT_UID, ROOT_GID):
            findings.append(Finding(name, f"owner {st.st_uid}:{st.st_gid}"))
    return findings


def restore(golden_dir: Path, finding: Finding) -> None:
    src = golden_dir / finding.name
    dst = INSTALL_ROOT / finding.name
    staging = dst.with_name(f".{finding.name}.restore")
    shutil.copyfile(src, staging)
    os.chown(staging, ROOT_UID, ROOT_GID)
    os.chmod(staging, WANTED_MODE)
    os.replace(staging, dst)
    LOG.info("restored %s (%s)", dst, finding.reason)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--golden", type=Path, default=Path("golden"))
    ap.add_argument("--restore", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    manifest_path = args.golden / "manifest.json"
    try:
        manifest = json.loads(manifest_path.read_text())
    except (OSError, ValueError) as exc:
        LOG.error("cannot load %s: %s", manifest_path, exc)
        return 2

    findings = inspect(args.golden, manifest)
    for f in findings:
        print(f)
    if not findings:
        LOG.info("all %d helpers match", len(manifest))
        return 0
    if not args.restore:
        return 1
    if os.geteuid() != 0:
        LOG.error("--restore needs root")
        return 3
    for f in findings:
        try:
            restore(args.golden, f)
        except OSError as exc:
            LOG.error("restore of %s failed: %s", f.name, exc)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
