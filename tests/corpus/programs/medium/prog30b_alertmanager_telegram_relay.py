#!/usr/bin/env python3
"""Alertmanager -> Telegram relay.

Alertmanager's webhook_config points at http://<this host>:9087/alert.
Each firing or resolved alert group is formatted and forwarded to a
Telegram group via sendMessage, using the bot token in TG_RELAY_TOKEN.
"""
import html
import logging
import os
from datetime import datetime

import requests
from flask import Flask, jsonify, request

app = Flask(__name__)
log = logging.getLogger("am-relay")

TOKEN = os.environ.get("TG_RELAY_TOKEN", "")
CHAT_ID = os.environ.get("TG_RELAY_CHAT", "-1001234567890")
SEND_URL = "https://api.telegram.org/bot{}/sendMessage"
SEVERITY_ICON = {"critical": "\U0001F534", "warning": "\U0001F7E0", "info": "\U0001F535"}


def fmt_time(value):
    if not value or value.startswith("0001-"):
        return "-"
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00")).strftime("%Y-%m-%d %H:%M UTC")
    except ValueError:
        return value


def format_group(group):
    status = group.get("status", "firing")
    common = group.get("commonLabels", {})
    icon = "\u2705" if status == "resolved" else SEVERITY_ICON.get(common.get("severity"), "\u26A0")
    title = html.escape(common.get("alertname", "alert"))
    lines = [f"{icon} <b>{title}</b> [{status.upper()}] ({len(group.get('alerts', []))})"]
    for alert in group.get("alerts", [])[:8]:
        labels = alert.get("labels", {})
        ann = alert.get("annotations", {})
        target = labels.get("instance") or labels.get("job") or "?"
        summary = ann.get("summary") or ann.get("description") or ""
        lines.append(f"\u2022 <code>{html.escape(target)}</code> {html.escape(summary)}")
        lines.append(f"  since {fmt_time(alert.get('startsAt'))}")
    if group.get("externalURL"):
        lines.append(f'<a href="{html.escape(group["externalURL"])}">Alertmanager</a>')
    return "\n".join(lines)


def forward(text):
    resp = requests.post(
        SEND_URL.format(TOKEN),
        data={"chat_id": CHAT_ID, "text": text, "parse_mode": "HTML",
              "disable_web_page_preview": True},
        timeout=10,
    )
    if not resp.ok:
        log.error("telegram error %s: %s", resp.status_code, resp.text[:300])
    return resp.ok


@app.route("/healthz")
def healthz():
    return jsonify(status="ok", configured=bool(TOKEN))


@app.route("/alert", methods=["POST"])
def alert():
    group = request.get_json(silent=True)
    if not group or "alerts" not in group:
        return jsonify(error="expected Alertmanager webhook payload"), 400
    text = format_group(group)
    log.info("relaying %s group with %d alert(s)", group.get("status"), len(group["alerts"]))
    try:
        ok = forward(text)
    except requests.RequestException as exc:
        log.error("could not reach telegram: %s", exc)
        return jsonify(error="upstream unavailable"), 502
    return (jsonify(forwarded=True), 200) if ok else (jsonify(forwarded=False), 502)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    if not TOKEN:
        log.warning("TG_RELAY_TOKEN not set; messages will fail")
    app.run(host="0.0.0.0", port=int(os.environ.get("RELAY_PORT", "9087")), debug=True)
