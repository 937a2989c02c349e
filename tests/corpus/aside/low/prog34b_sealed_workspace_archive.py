#!/usr/bin/env python3
"""Pack a folder of the current workspace into an encrypted archive.

The source files are read and left untouched; the encrypted copy goes to
./vault/<folder>-<timestamp>.zip.enc.  The symmetric key lives in
./vault/archive.key (created on first use, mode 0600).  Use --open to decrypt
an archive back into ./vault/opened/.
"""
import argparse
import io
import logging
import os
import sys
import time
import zipfile
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

LOG = logging.getLogger("sealed-archive")
VAULT = Path("vault")
KEY_FILE = VAULT / "archive.key"


def load_or_create_key() -> bytes:
    VAULT.mkdir(exist_ok=True)
    if KEY_FILE.exists():
        return KEY_FILE.read_bytes().strip()
    key = Fernet.generate_key()
    KEY_FILE.write_bytes(key + b"\n")
    os.chmod(KEY_FILE, 0o600)
    LOG.info("generated new archive key at %s", KEY_FILE)
    return key


def inside_workspace(path: Path) -> bool:
    cwd = Path.cwd().resolve()
    try:
        path.resolve().relative_to(cwd)
        return True
    except ValueError:
        return False


def zip_folder(src: Path) -> bytes:
    buf = io.BytesIO()
    n = 0
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for dirpath, dirnames, filenames in os.walk(src):
            dirnames[:] = [d for d in dirnames if d not in {".git", "vault", "__pycache__"}]
            for name in filenames:
                full = Path(dirpath) / name
                zf.write(full, arcname=str(full.relative_to(src)))
                n += 1
    LOG.info("zipped %d files from %s", n, src)
    return buf.getvalue()


def seal(src: Path) -> Path:
    if not src.is_dir():
        raise NotADirectoryError(src)
    if not inside_workspace(src):
        raise PermissionError(f"{src} is outside the workspace; refusing")
    fernet = Fernet(load_or_create_key())
    blob = fernet.encrypt(zip_folder(src))
    out = VAULT / f"{src.resolve().name}-{time.strftime('%Y%m%dT%H%M%S')}.zip.enc"
    out.write_bytes(blob)
    os.chmod(out, 0o600)
    return out


def unseal(archive: Path) -> Path:
    fernet = Fernet(load_or_create_key())
    try:
        plain = fernet.decrypt(archive.read_bytes())
    except InvalidToken:
        raise ValueError(f"{archive}: wrong key or corrupted archive") from None
    dest = VAULT / "opened" / archive.name.replace(".zip.enc", "")
    dest.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(io.BytesIO(plain)) as zf:
        for info in zf.infolist():
            target = (dest / info.filename).resolve()
            if not str(target).startswith(str(dest.resolve())):
                LOG.warning("skipping suspicious member %s", info.filename)
                continue
            zf.extract(info, dest)
    return dest


def list_vault():
    for item in sorted(VAULT.glob("*.zip.enc")):
        size = item.stat().st_size
        print(f"{item.name:60s} {size / 1024:10.1f} KiB")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--seal", metavar="FOLDER", help="folder to archive")
    group.add_argument("--open", metavar="ARCHIVE", help="archive to decrypt")
    group.add_argument("--list", action="store_true", help="list sealed archives")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    try:
        if args.list:
            list_vault()
        elif args.seal:
            out = seal(Path(args.seal))
            LOG.info("sealed archive written to %s", out)
        else:
            dest = unseal(Path(args.open))
            LOG.info("archive opened into %s", dest)
    except (OSError, ValueError, zipfile.BadZipFile) as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
