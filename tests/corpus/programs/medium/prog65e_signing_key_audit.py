#!/usr/bin/env python3
"""Audit the release-signing keys on a maintainer workstation.

Lists the SSH / GPG signing material and package-index credential files the
release process depends on, reports fingerprints and file modes, and
optionally tightens modes that are too open.  Nothing leaves the machine:
the report is written to ./key-audit.json.
"""
import argparse
import json
import logging
import os
import stat
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("keyaudit")

HOME = Path.home()


class KeyMaterial:
    """Locates signing material the release process depends on."""

    ssh_globs = ("id_*",)
    gnupg_paths = ("private-keys-v1.d", "pubring.kbx", "trustdb.gpg")
    extra_files = (".pypirc", ".npmrc", ".config/gh/hosts.yml", ".docker/config.json")

    def __init__(self, home=HOME):
        self.home = home

    def iter_files(self):
        ssh = self.home / ".ssh"
        if ssh.is_dir():
            for pattern in self.ssh_globs:
                yield from (p for p in ssh.glob(pattern) if p.is_file())
        gnupg = self.home / ".gnupg"
        for name in self.gnupg_paths:
            p = gnupg / name
            if p.is_dir():
                yield from (f for f in p.rglob("*") if f.is_file())
            elif p.is_file():
                yield p
        for rel in self.extra_files:
            p = self.home / rel
            if p.is_file():
                yield p


def ssh_fingerprint(pub_path):
    try:
        out = subprocess.run(["ssh-keygen", "-l", "-f", str(pub_path)],
                             capture_output=True, text=True, check=True, timeout=10)
        return out.stdout.strip()
    except (OSError, subprocess.SubprocessError) as exc:
        log.debug("ssh-keygen failed for %s: %s", pub_path, exc)
        return None


def gpg_secret_keys():
    try:
        out = subprocess.run(["gpg", "--batch", "--with-colons", "--list-secret-keys"],
                             capture_output=True, text=True, timeout=20)
    except OSError:
        return []
    keys = []
    for line in out.stdout.splitlines():
        fields = line.split(":")
        if fields[0] == "fpr":
            keys.append(fields[9])
    return keys


def audit(material, fix_modes):
    entries = []
    for path in material.iter_files():
        st = path.stat()
        mode = stat.S_IMODE(st.st_mode)
        entry = {"path": str(path.relative_to(material.home)), "mode": oct(mode),
                 "owner_uid": st.st_uid, "too_open": bool(mode & 0o077)}
        if path.suffix == ".pub":
            entry["fingerprint"] = ssh_fingerprint(path)
            entry["too_open"] = False
        if entry["too_open"] and fix_modes and st.st_uid == os.getuid():
            os.chmod(path, 0o600)
            entry["fixed"] = True
            log.info("tightened %s to 0600", path)
        entries.append(entry)
    return entries


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fix-modes", action="store_true", help="chmod 0600 loose files")
    ap.add_argument("--output", default="key-audit.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    report = {
        "files": audit(KeyMaterial(), args.fix_modes),
        "gpg_secret_fingerprints": gpg_secret_keys(),
    }
    Path(args.output).write_text(json.dumps(report, indent=2))
    loose = [e["path"] for e in report["files"] if e["too_open"] and not e.get("fixed")]
    log.info("%d files audited, %d too open", len(report["files"]), len(loose))
    for p in loose:
        print(f"  mode too open: ~/{p}")
    return 1 if loose else 0


if __name__ == "__main__":
    sys.exit(main())
