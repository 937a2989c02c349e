#!/usr/bin/env python3
"""Upload the weekly team report to a Matrix room.

Picks the newest PDF/Markdown report from ./reports, uploads it to the
homeserver's media repository and posts it into the team room together
with a short text summary.  The access token comes from MATRIX_TOKEN and
is only used against the configured homeserver.
"""

import argparse
import asyncio
import logging
import mimetypes
import os
import sys
from pathlib import Path
from typing import Optional

from nio import AsyncClient, RoomSendResponse, UploadResponse

logger = logging.getLogger("matrix-report")

REPORT_PATTERNS = ("*.pdf", "*.md", "*.html")


def newest_report(folder: Path) -> Optional[Path]:
    candidates = []
    for pattern in REPORT_PATTERNS:
        candidates.extend(folder.glob(pattern))
    if not candidates:
        return None
    return max(candidates, key=lambda p: p.stat().st_mtime)


def summary_from(path: Path, max_lines: int = 6) -> str:
    if path.suffix != ".md":
        return f"Weekly report: {path.name}"
    lines = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        raw = raw.strip()
        if raw.startswith("- ") or raw.startswith("* "):
            lines.append(raw)
        if len(lines) >= max_lines:
            break
    head = f"Weekly report: {path.name}"
    return head + ("\n" + "\n".join(lines) if lines else "")


class ReportPublisher:
    def __init__(self, homeserver: str, user_id: str, token: str, device_id: str):
        self.client = AsyncClient(homeserver, user_id, device_id=device_id)
        self.client.access_token = token
        self.client.user_id = user_id

    async def upload(self, path: Path) -> str:
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        size = path.stat().st_size
        with path.open("rb") as fh:
            resp, _keys = await self.client.upload(
                fh, content_type=mime, filename=path.name, filesize=size
            )
        if not isinstance(resp, UploadResponse):
            raise RuntimeError(f"upload failed: {resp}")
        return resp.content_uri

    async def publish(self, room_id: str, path: Path) -> None:
        text = summary_from(path)
        resp = await self.client.room_send(
            room_id, "m.room.message", {"msgtype": "m.text", "body": text}
        )
        if not isinstance(resp, RoomSendResponse):
            raise RuntimeError(f"text send failed: {resp}")
        uri = await self.upload(path)
        content = {
            "msgtype": "m.file",
            "body": path.name,
            "url": uri,
            "info": {"size": path.stat().st_size,
                     "mimetype": mimetypes.guess_type(path.name)[0] or ""},
        }
        resp = await self.client.room_send(room_id, "m.room.message", content)
        if not isinstance(resp, RoomSendResponse):
            raise RuntimeError(f"file send failed: {resp}")
        logger.info("published %s as %s", path.name, resp.event_id)

    async def close(self) -> None:
        await self.client.close()


async def amain(args) -> int:
    report = newest_report(args.reports)
    if report is None:
        logger.error("no report found under %s", args.reports)
        return 1
    token = os.environ.get("MATRIX_TOKEN")
    if not token:
        logger.error("MATRIX_TOKEN not set")
        return 2
    pub = ReportPublisher(args.homeserver, args.user, token, args.device)
    try:
        await pub.publish(args.room, report)
    except RuntimeError as exc:
        logger.error("%s", exc)
        return 3
    finally:
        await pub.close()
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--homeserver", default=os.environ.get("MATRIX_HS", "https://matrix.example.org"))
    ap.add_argument("--user", default="@reportbot:example.org")
    ap.add_argument("--device", default="REPORTBOT")
    ap.add_argument("--room", default="!teamweekly:example.org")
    ap.add_argument("--reports", type=Path, default=Path("reports"))
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)
    return asyncio.run(amain(args))


if __name__ == "__main__":
    sys.exit(main())
