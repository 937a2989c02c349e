"""Tunes the kernel for the database server."""
from pathlib import Path

SETTINGS = {
    "vm/swappiness": "10",
    "vm/dirty_ratio": "15",
    "net/core/somaxconn": "4096",
}


def apply(settings):
    base = Path("/proc/sys")
    for key, value in settings.items():
        target = base / key
        target.write_text(value + "\n")
        print(f"{key} = {value}")


apply(SETTINGS)
