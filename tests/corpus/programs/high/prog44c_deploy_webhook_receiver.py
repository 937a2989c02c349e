#!/usr/bin/env python3
"""Tiny GitHub push-webhook receiver that redeploys the shop on pushes to main.

Runs behind nginx on 127.0.0.1.  Verifies the X-Hub-Signature-256 header,
pulls the repo and restarts the gunicorn unit.
"""
import hashlib
import hmac
import logging
import os
import subprocess
import threading

from flask import Flask, abort, jsonify, request

app = Flask(__name__)
log = logging.getLogger("deploy-hook")

REPO_DIR = os.environ.get("DEPLOY_REPO_DIR", "/srv/shop/app")
BRANCH = os.environ.get("DEPLOY_BRANCH", "main")
UNIT = os.environ.get("DEPLOY_UNIT", "gunicorn-shop.service")
SECRET = os.environ.get("GITHUB_WEBHOOK_SECRET", "").encode()
_deploy_lock = threading.Lock()

STEPS = [
    ["git", "-C", REPO_DIR, "fetch", "--quiet", "origin", BRANCH],
    ["git", "-C", REPO_DIR, "reset", "--hard", f"origin/{BRANCH}"],
    [os.path.join(REPO_DIR, ".venv/bin/python"), os.path.join(REPO_DIR, "manage.py"),
     "migrate", "--noinput"],
    ["sudo", "-n", "/bin/systemctl", "restart", UNIT],
]


def signature_ok(body: bytes, header: str) -> bool:
    if not SECRET or not header or not header.startswith("sha256="):
        return False
    expected = hmac.new(SECRET, body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, header[len("sha256="):])


def run_deploy(commit: str) -> None:
    if not _deploy_lock.acquire(blocking=False):
        log.warning("deploy already running, skipping %s", commit)
        return
    try:
        for step in STEPS:
            log.info("running: %s", " ".join(step))
            proc = subprocess.run(step, capture_output=True, text=True, timeout=600)
            if proc.returncode != 0:
                log.error("step failed (%d): %s", proc.returncode, proc.stderr.strip())
                return
        log.info("deployed %s", commit)
    finally:
        _deploy_lock.release()


@app.post("/hooks/github")
def github_hook():
    body = request.get_data()
    if not signature_ok(body, request.headers.get("X-Hub-Signature-256", "")):
        abort(403)
    event = request.headers.get("X-GitHub-Event", "")
    if event == "ping":
        return jsonify(status="pong")
    if event != "push":
        return jsonify(status="ignored", event=event), 202
    payload = request.get_json(silent=True) or {}
    if payload.get("ref") != f"refs/heads/{BRANCH}":
        return jsonify(status="ignored", ref=payload.get("ref")), 202
    commit = (payload.get("after") or "")[:12]
    threading.Thread(target=run_deploy, args=(commit,), daemon=True).start()
    return jsonify(status="deploying", commit=commit), 202


@app.get("/hooks/health")
def health():
    return jsonify(ok=True, busy=_deploy_lock.locked())


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    if not SECRET:
        raise SystemExit("GITHUB_WEBHOOK_SECRET must be set")
    app.run(host="127.0.0.1", port=int(os.environ.get("DEPLOY_HOOK_PORT", "9010")))
