"""Receives CI "deploy finished" webhooks and updates the public status page.

The CI system POSTs a signed JSON payload to /hooks/deploy.  After the
signature is checked, the receiver records the event locally and posts a
short component update to the status-page provider's API.
"""
import hashlib
import hmac
import json
import logging
import os
import pathlib
from datetime import datetime, timezone

import requests
from flask import Flask, abort, jsonify, request

STATUS_API = "https://api.statuspage.example.com/v1"
PAGE_ID = os.environ.get("STATUSPAGE_PAGE_ID", "")
COMPONENT_IDS = {
    "api": os.environ.get("STATUSPAGE_COMPONENT_API", ""),
    "web": os.environ.get("STATUSPAGE_COMPONENT_WEB", ""),
}
EVENT_LOG = pathlib.Path("deploy-events.jsonl")

log = logging.getLogger("deploy-hook")
app = Flask(__name__)


class StatusPageClient:
    def __init__(self, api_key: str, page_id: str, timeout: float = 10.0):
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"OAuth {api_key}",
            "Content-Type": "application/json",
        })
        self.page_id = page_id
        self.timeout = timeout

    def set_component(self, component_id: str, status: str, description: str) -> dict:
        url = f"{STATUS_API}/pages/{self.page_id}/component-updates"
        body = {"component_id": component_id, "status": status, "description": description}
        resp = self.session.post(url, json=body, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def webhook_secret() -> bytes:
    secret = os.environ.get("CI_WEBHOOK_SECRET")
    if not secret:
        raise RuntimeError("CI_WEBHOOK_SECRET is not set")
    return secret.encode()


def verify_signature(raw: bytes, header: str) -> bool:
    if not header or not header.startswith("sha256="):
        return False
    expected = hmac.new(webhook_secret(), raw, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, header.split("=", 1)[1])


def record_event(event: dict) -> None:
    event = dict(event, received=datetime.now(timezone.utc).isoformat())
    with EVENT_LOG.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(event) + "\n")


def status_for(outcome: str) -> str:
    return {"success": "operational", "failed": "degraded_performance"}.get(outcome, "under_maintenance")


@app.post("/hooks/deploy")
def deploy_hook():
    raw = request.get_data()
    if not verify_signature(raw, request.headers.get("X-CI-Signature", "")):
        abort(401)
    try:
        event = json.loads(raw)
        service = event["service"]
        outcome = event["outcome"]
        version = event.get("version", "?")
    except (ValueError, KeyError):
        abort(400)
    record_event(event)

    component = COMPONENT_IDS.get(service)
    if not component:
        log.info("no status component for %s; recorded only", service)
        return jsonify({"recorded": True, "status_page": False})

    client = StatusPageClient(os.environ["STATUSPAGE_API_KEY"], PAGE_ID)
    try:
        client.set_component(component, status_for(outcome), f"{service} {version}: {outcome}")
    except requests.RequestException as exc:
        log.warning("status page update failed: %s", exc)
        return jsonify({"recorded": True, "status_page": False}), 502
    return jsonify({"recorded": True, "status_page": True})


@app.get("/hooks/recent")
def recent():
    if not EVENT_LOG.exists():
        return jsonify([])
    lines = EVENT_LOG.read_text(encoding="utf-8").splitlines()[-20:]
    return jsonify([json.loads(line) for line in lines])


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    app.run(host="127.0.0.1", port=int(os.environ.get("PORT", "9300")))
