#!/usr/bin/env python3
"""Package SSH trust artefacts for a case: authorized_keys, known_hosts, client
config and public keys of every local account, plus key fingerprints.

Private keys are never copied. The archive and its manifest are written to
./cases/<case-id>/ and made readable by the owner only.
"""
import argparse
import base64
import hashlib
import json
import logging
import pwd
import tarfile
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("ssh-packager")

WANTED = ("authorized_keys", "authorized_keys2", "known_hosts", "config")


def fingerprint(line):
    """OpenSSH-style SHA256 fingerprint of one public key line."""
    parts = line.split()
    for i, token in enumerate(parts):
        if token.startswith(("ssh-", "ecdsa-", "sk-")) and i + 1 < len(parts):
            blob = base64.b64decode(parts[i + 1])
            digest = base64.b64encode(hashlib.sha256(blob).digest()).decode().rstrip("=")
            comment = " ".join(parts[i + 2:])
            return {"type": token, "fingerprint": f"SHA256:{digest}", "comment": comment}
    return None


def candidate_files(min_uid):
    for entry in pwd.getpwall():
        if entry.pw_uid != 0 and entry.pw_uid < min_uid:
            continue
        ssh_dir = Path(entry.pw_dir) / ".ssh"
        if not ssh_dir.is_dir():
            continue
        for item in sorted(ssh_dir.iterdir()):
            if item.name in WANTED or item.suffix == ".pub":
                yield entry.pw_name, item


def file_sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("case_id")
    ap.add_argument("--min-uid", type=int, default=1000)
    ap.add_argument("--cases-root", type=Path, default=Path("cases"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    case_dir = args.cases_root / args.case_id
    case_dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    archive = case_dir / f"ssh_artifacts_{stamp}.tar.gz"

    manifest = {"case": args.case_id, "created": stamp, "files": [], "keys": []}
    with tarfile.open(archive, "w:gz") as tar:
        for user, path in candidate_files(args.min_uid):
            try:
                tar.add(path, arcname=f"{user}/{path.name}")
            except OSError as exc:
                log.warning("cannot read %s: %s", path, exc)
                continue
            manifest["files"].append({"user": user, "path": str(path), "sha256": file_sha256(path)})
            if path.name.startswith("authorized_keys") or path.suffix == ".pub":
                for line in path.read_text(errors="replace").splitlines():
                    fp = fingerprint(line) if line.strip() and not line.startswith("#") else None
                    if fp:
                        manifest["keys"].append({"user": user, "source": path.name, **fp})

    manifest["archive_sha256"] = file_sha256(archive)
    manifest_path = case_dir / f"manifest_{stamp}.json"
    manifest_path.write_text(json.dumps(manifest, indent=2))
    for produced in (archive, manifest_path):
        produced.chmod(0o600)
    log.info("%d files, %d keys -> %s", len(manifest["files"]), len(manifest["keys"]), archive)


if __name__ == "__main__":
    main()
