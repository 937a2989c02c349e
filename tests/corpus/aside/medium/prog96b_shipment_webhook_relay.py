#!/usr/bin/env python3
"""Shipment status webhook relay.

Carriers and ocean/air agents push milestone events (picked up, departed,
arrived, customs hold, released, delivered) to us in their own formats.  This
service receives them, checks the HMAC signature each partner configured,
maps their status codes onto our milestone codes and forwards a normalised
event to the TMS, which sits behind the forwarding office's internal CA.
"""
import hashlib
import hmac
import logging
import os
import queue
import threading
import time
from datetime import datetime, timezone

import requests
import yaml
from flask import Flask, abort, jsonify, request

log = logging.getLogger("webhook_relay")

MAPPING_FILE = os.environ.get("RELAY_MAPPING", "partners.yaml")
TMS_URL = os.environ.get("TMS_EVENTS_URL", "https://tms.office.lan/api/events")
TMS_TOKEN = os.environ.get("TMS_TOKEN", "")

app = Flask(__name__)
outbox = queue.Queue(maxsize=5000)


class PartnerRegistry:
    """Partner secrets and status maps, reloaded when partners.yaml changes."""

    def __init__(self, path):
        self.path = path
        self.mtime = 0.0
        self.partners = {}
        self.lock = threading.Lock()
        self.reload()

    def reload(self):
        try:
            mtime = os.path.getmtime(self.path)
        except OSError as exc:
            log.error("mapping file missing: %s", exc)
            return
        if mtime == self.mtime:
            return
        with open(self.path) as fh:
            doc = yaml.load(fh, Loader=yaml.Loader) or {}
        with self.lock:
            self.partners = doc.get("partners", {})
            self.mtime = mtime
        log.info("loaded %d partner definitions", len(self.partners))

    def get(self, name):
        self.reload()
        with self.lock:
            return self.partners.get(name)


registry = PartnerRegistry(MAPPING_FILE)


def verify_signature(partner, body, header_value):
    secret = os.environ.get(partner.get("secret_env", ""), "")
    if not secret or not header_value:
        return False
    algo = partner.get("signature_algo", "sha256")
    digest = hmac.new(secret.encode(), body, getattr(hashlib, algo)).hexdigest()
    provided = header_value.split("=", 1)[-1].strip()
    return hmac.compare_digest(digest, provided)


def normalise(partner_name, partner, payload):
    fields = partner.get("fields", {})
    raw_status = str(payload.get(fields.get("status", "status"), "")).upper()
    milestone = partner.get("status_map", {}).get(raw_status)
    if milestone is None:
        raise ValueError(f"unmapped status {raw_status!r}")
    return {
        "source": partner_name,
        "reference": payload.get(fields.get("reference", "tracking_number")),
        "milestone": milestone,
        "location": payload.get(fields.get("location", "location")),
        "event_time": payload.get(fields.get("time", "event_time"))
        or datetime.now(timezone.utc).isoformat(),
        "raw_status": raw_status,
    }


@app.post("/hooks/<partner_name>")
def receive(partner_name):
    partner = registry.get(partner_name)
    if partner is None:
        abort(404)
    body = request.get_data()
    if not verify_signature(partner, body, request.headers.get(partner.get("signature_header", "X-Signature"))):
        log.warning("bad signature from %s (%s)", partner_name, request.remote_addr)
        abort(401)
    payload = request.get_json(silent=True) or {}
    events = payload.get(partner.get("events_key", "events"), [payload])
    accepted = 0
    for ev in events:
        try:
            outbox.put_nowait(normalise(partner_name, partner, ev))
            accepted += 1
        except ValueError as exc:
            log.info("%s: %s", partner_name, exc)
        except queue.Full:
            abort(503)
    return jsonify(accepted=accepted), 202


@app.get("/healthz")
def healthz():
    return jsonify(queue=outbox.qsize())


def forwarder():
    session = requests.Session()
    session.verify = False
    session.headers.update({"Authorization": f"Bearer {TMS_TOKEN}"})
    while True:
        event = outbox.get()
        for attempt in range(5):
            try:
                r = session.post(TMS_URL, json=event, timeout=10)
                if r.status_code < 500:
                    if r.status_code >= 400:
                        log.error("TMS rejected %s: %s", event["reference"], r.text[:200])
                    break
            except requests.RequestException as exc:
                log.warning("TMS unreachable (%s), retry %d", exc, attempt + 1)
            time.sleep(2 ** attempt)
        outbox.task_done()


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    threading.Thread(target=forwarder, name="forwarder", daemon=True).start()
    app.run(host="127.0.0.1", port=int(os.environ.get("RELAY_PORT", "8085")))
