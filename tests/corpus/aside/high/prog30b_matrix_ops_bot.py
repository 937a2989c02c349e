#!/usr/bin/env python3
"""Matrix ChatOps bot for the web tier.

Listens in the #ops room via /sync and lets the on-call engineers restart
or reload a fixed set of services.  Each command maps to a fixed argv;
the chat only chooses which entry of the table runs.  The bot user has a
sudoers rule limited to these systemctl invocations.
"""
import argparse
import logging
import os
import subprocess
import time
import uuid

import httpx

log = logging.getLogger("matrix-ops")

SERVICES = {
    "web": "nginx.service",
    "api": "gunicorn-api.service",
    "worker": "celery-worker.service",
}
ACTIONS = {
    "status": lambda unit: ["systemctl", "is-active", unit],
    "restart": lambda unit: ["sudo", "-n", "/usr/bin/systemctl", "restart", unit],
    "reload": lambda unit: ["sudo", "-n", "/usr/bin/systemctl", "reload", unit],
}
USAGE = "usage: !ops <status|restart|reload> <" + "|".join(SERVICES) + ">"


class MatrixClient:
    def __init__(self, homeserver, token, room_id):
        self.http = httpx.Client(base_url=homeserver.rstrip("/"),
                                 headers={"Authorization": f"Bearer {token}"},
                                 timeout=httpx.Timeout(40.0, connect=10.0))
        self.room_id = room_id
        self.since = None

    def sync(self):
        params = {"timeout": 30000}
        if self.since:
            params["since"] = self.since
        else:
            # initial sync: skip the backlog
            params["filter"] = '{"room":{"timeline":{"limit":0}}}'
        resp = self.http.get("/_matrix/client/v3/sync", params=params)
        resp.raise_for_status()
        data = resp.json()
        first = self.since is None
        self.since = data["next_batch"]
        if first:
            return []
        room = data.get("rooms", {}).get("join", {}).get(self.room_id, {})
        return room.get("timeline", {}).get("events", [])

    def notice(self, body):
        txn = uuid.uuid4().hex
        resp = self.http.put(
            f"/_matrix/client/v3/rooms/{self.room_id}/send/m.room.message/{txn}",
            json={"msgtype": "m.notice", "body": body},
        )
        resp.raise_for_status()


def execute(action, target):
    unit = SERVICES[target]
    argv = ACTIONS[action](unit)
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return f"{action} {unit}: timed out"
    output = (proc.stdout + proc.stderr).strip() or "ok"
    return f"{action} {unit} -> exit {proc.returncode}\n{output[-1500:]}"


def handle_event(client, event, operators, bot_user):
    if event.get("type") != "m.room.message":
        return
    sender = event.get("sender")
    body = event.get("content", {}).get("body", "").strip()
    if sender == bot_user or not body.startswith("!ops"):
        return
    if sender not in operators:
        client.notice(f"{sender} is not an operator")
        return
    parts = body.split()
    if len(parts) != 3 or parts[1] not in ACTIONS or parts[2] not in SERVICES:
        client.notice(USAGE)
        return
    log.info("%s requested %s %s", sender, parts[1], parts[2])
    client.notice(execute(parts[1], parts[2]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--homeserver", default=os.environ.get("MATRIX_HOMESERVER", "https://matrix.example.org"))
    ap.add_argument("--room", default=os.environ.get("OPS_ROOM_ID", "!ops:example.org"))
    ap.add_argument("--bot-user", default="@opsbot:example.org")
    ap.add_argument("--operator", action="append", default=[], dest="operators")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("MATRIX_BOT_TOKEN")
    if not token or not args.operators:
        raise SystemExit("MATRIX_BOT_TOKEN and at least one --operator are required")

    client = MatrixClient(args.homeserver, token, args.room)
    while True:
        try:
            for event in client.sync():
                handle_event(client, event, set(args.operators), args.bot_user)
        except httpx.HTTPError as exc:
            log.warning("sync failed: %s", exc)
            time.sleep(5)


if __name__ == "__main__":
    main()
