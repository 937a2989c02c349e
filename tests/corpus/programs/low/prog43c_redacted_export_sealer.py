#!/usr/bin/env python3
"""Redact names and phone numbers from interview notes, then seal the export.

Reads ./notes/*.txt, writes redacted copies to ./export/, and produces an
encrypted bundle (export/*.sealed) for sending to the legal team. Originals
in ./notes are left untouched. The sealing key is kept in ./keys with 0600.
"""
import argparse
import logging
import os
import re
from pathlib import Path

from cryptography.fernet import Fernet

PHONE_RE = re.compile(r"\+?\d[\d\s().-]{7,}\d")
EMAIL_RE = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")

log = logging.getLogger("sealer")


class Redactor:
    def __init__(self, names):
        self.names = sorted({n.strip() for n in names if n.strip()}, key=len, reverse=True)
        self.counts = {"name": 0, "phone": 0, "email": 0}

    def _sub(self, pattern, label, text):
        new, n = pattern.subn(f"[{label.upper()} REDACTED]", text)
        self.counts[label] += n
        return new

    def redact(self, text):
        for name in self.names:
            text = self._sub(re.compile(re.escape(name), re.IGNORECASE), "name", text)
        text = self._sub(EMAIL_RE, "email", text)
        text = self._sub(PHONE_RE, "phone", text)
        return text


def load_or_create_key(key_dir):
    key_dir.mkdir(exist_ok=True)
    key_file = key_dir / "export.key"
    if key_file.exists():
        return key_file.read_bytes()
    key = Fernet.generate_key()
    key_file.write_bytes(key)
    os.chmod(key_file, 0o600)
    log.info("created new sealing key at %s", key_file)
    return key


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--notes", default="notes")
    ap.add_argument("--export", default="export")
    ap.add_argument("--names", default="names_to_redact.txt")
    ap.add_argument("--no-seal", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    notes_dir, export_dir = Path(args.notes), Path(args.export)
    export_dir.mkdir(exist_ok=True)
    names = Path(args.names).read_text(encoding="utf-8").splitlines() if Path(args.names).exists() else []
    redactor = Redactor(names)
    fernet = None if args.no_seal else Fernet(load_or_create_key(Path("keys")))

    processed = 0
    for src in sorted(notes_dir.glob("*.txt")):
        clean = redactor.redact(src.read_text(encoding="utf-8", errors="replace"))
        out = export_dir / (src.stem + ".redacted.txt")
        out.write_text(clean, encoding="utf-8")
        if fernet is not None:
            sealed = export_dir / (src.stem + ".sealed")
            sealed.write_bytes(fernet.encrypt(clean.encode("utf-8")))
            os.chmod(sealed, 0o600)
        processed += 1
        log.info("redacted %s", src.name)

    log.info("%d files; redactions: %s", processed, redactor.counts)
    if processed == 0:
        log.warning("no notes found under %s", notes_dir)


if __name__ == "__main__":
    main()
