"""Rotates this application's own logs in ./logs."""
import gzip
import os
import shutil
from pathlib import Path

LOG_DIR = Path("logs")
KEEP = 5


def rotate(name="app.log"):
    log = LOG_DIR / name
    if not log.exists():
        return
    for i in range(KEEP - 1, 0, -1):
        older = LOG_DIR / f"{name}.{i}.gz"
        if older.exists():
            older.rename(LOG_DIR / f"{name}.{i + 1}.gz")
    with open(log, "rb") as src, gzip.open(LOG_DIR / f"{name}.1.gz", "wb") as dst:
        shutil.copyfileobj(src, dst)
    with open(log, "w"):
        pass
    last = LOG_DIR / f"{name}.{KEEP + 1}.gz"
    if last.exists():
        os.remove(last)


if __name__ == "__main__":
    LOG_DIR.mkdir(exist_ok=True)
    rotate()
