#!/usr/bin/env python3
"""Install custom-trained tesseract language models for the archive scanners.

Our fine-tuned models (Fraktur, old Cyrillic orthography, ...) are kept in
./models together with a SHA-256 manifest.  This tool verifies them and
installs them into the system tessdata directory so every OCR job on the
scan station can use them, then asks tesseract to list its languages to
confirm the install.
"""

import argparse
import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("tessdata-install")

CANDIDATE_TESSDATA = (
    "/usr/share/tesseract-ocr/5/tessdata",
    "/usr/share/tesseract-ocr/4.00/tessdata",
    "/usr/share/tessdata",
    "/usr/local/share/tessdata",
)


def find_tessdata(explicit=None) -> Path:
    if explicit:
        return Path(explicit)
    for cand in CANDIDATE_TESSDATA:
        if Path(cand).is_dir():
            return Path(cand)
    raise FileNotFoundError("no tessdata directory found; pass --tessdata")


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def load_manifest(models_dir: Path) -> dict:
    manifest = models_dir / "manifest.json"
    with manifest.open(encoding="utf-8") as fh:
        return json.load(fh)


def verify_models(models_dir: Path, manifest: dict):
    good = []
    for name, expected in sorted(manifest.items()):
        path = models_dir / name
        if not path.is_file():
            log.error("%s listed in manifest but missing", name)
            continue
        actual = sha256_of(path)
        if actual != expected:
            log.error("%s: checksum mismatch (%s != %s)", name, actual[:12], expected[:12])
            continue
        good.append(path)
    return good


def install_model(model: Path, tessdata: Path, backup: bool) -> bool:
    dest = tessdata / model.name
    if dest.exists():
        if sha256_of(dest) == sha256_of(model):
            log.info("%s already installed", model.name)
            return False
        if backup:
            shutil.copy2(dest, dest.with_suffix(dest.suffix + ".bak"))
    tmp = dest.with_name("." + dest.name + ".partial")
    shutil.copyfile(model, tmp)
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, dest)
    log.info("installed %s -> %s", model.name, dest)
    return True


def installed_languages() -> list:
    tess = shutil.which("tesseract")
    if not tess:
        return []
    out = subprocess.run([tess, "--list-langs"], capture_output=True, text=True, check=False)
    return [l.strip() for l in out.stdout.splitlines()[1:] if l.strip()]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models", default="models", type=Path)
    ap.add_argument("--tessdata", help="target tessdata directory")
    ap.add_argument("--no-backup", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("must run as root to write the system tessdata directory")
        return 2
    try:
        tessdata = find_tessdata(args.tessdata)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 2
    models = verify_models(args.models, load_manifest(args.models))
    if not models:
        log.error("nothing to install")
        return 1
    changed = sum(install_model(m, tessdata, not args.no_backup) for m in models)
    langs = installed_languages()
    missing = [m.stem for m in models if m.stem not in langs]
    if missing:
        log.warning("tesseract does not list: %s", ", ".join(missing))
    log.info("%d model(s) updated in %s", changed, tessdata)
    return 0


if __name__ == "__main__":
    sys.exit(main())
