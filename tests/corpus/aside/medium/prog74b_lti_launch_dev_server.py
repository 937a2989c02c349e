#!/usr/bin/env python3
"""LTI 1.1 launch harness for developing the auto-grader tool locally.

Point a test Moodle "External tool" at http://<your-laptop>:8765/launch with
the consumer key/secret from lti_harness.json and every launch is verified,
logged to ./launches/ and rendered back so you can see exactly which
parameters the LMS sent (roles, outcome service URL, custom_* fields).
"""
import argparse
import base64
import hashlib
import hmac
import json
import logging
import os
import time
import urllib.parse
from pathlib import Path

from flask import Flask, abort, request
from jinja2 import DictLoader, Environment

CONFIG_PATH = Path(os.environ.get("LTI_HARNESS_CONFIG", "lti_harness.json"))
LAUNCH_LOG = Path("launches")

TEMPLATES = {
    "launch.html": """<!doctype html>
<html><head><title>{{ params.resource_link_title or 'LTI launch' }}</title></head>
<body>
<h1>Welcome, {{ params.lis_person_name_full }}</h1>
<p>Course: {{ params.context_title }} &mdash; roles: {{ params.roles }}</p>
<table border="1">
{% for k, v in params|dictsort %}<tr><td>{{ k }}</td><td>{{ v }}</td></tr>
{% endfor %}</table>
<p>Signature: {{ 'valid' if valid else 'INVALID' }} (checked {{ checked }})</p>
</body></html>""",
}

log = logging.getLogger("lti_harness")
app = Flask(__name__)
templates = Environment(loader=DictLoader(TEMPLATES), autoescape=False)


def load_consumers():
    if not CONFIG_PATH.exists():
        log.warning("%s missing, using the built-in dev consumer", CONFIG_PATH)
        return {"moodle-dev": "dev-secret"}
    return json.loads(CONFIG_PATH.read_text()).get("consumers", {})


def _enc(value):
    return urllib.parse.quote(str(value), safe="~")


def oauth_signature(method, url, params, secret):
    pairs = sorted((_enc(k), _enc(v)) for k, v in params.items() if k != "oauth_signature")
    normalized = "&".join(f"{k}={v}" for k, v in pairs)
    base = "&".join([method.upper(), _enc(url), _enc(normalized)])
    key = f"{_enc(secret)}&".encode()
    digest = hmac.new(key, base.encode(), hashlib.sha1).digest()
    return base64.b64encode(digest).decode()


def verify(params, url):
    consumers = app.config["CONSUMERS"]
    secret = consumers.get(params.get("oauth_consumer_key", ""))
    if secret is None:
        return False
    if abs(time.time() - int(params.get("oauth_timestamp", 0))) > 300:
        return False
    expected = oauth_signature("POST", url, params, secret)
    return hmac.compare_digest(expected, params.get("oauth_signature", ""))


def record(params, valid):
    LAUNCH_LOG.mkdir(exist_ok=True)
    name = f"{int(time.time() * 1000)}-{params.get('user_id', 'anon')}.json"
    (LAUNCH_LOG / name).write_text(json.dumps({"valid": valid, "params": params}, indent=2))


@app.route("/launch", methods=["POST"])
def launch():
    params = request.form.to_dict()
    if params.get("lti_message_type") != "basic-lti-launch-request":
        abort(400, "not an LTI launch")
    url = app.config.get("PUBLIC_URL") or request.base_url
    valid = verify(params, url)
    record(params, valid)
    log.info("launch from %s user=%s valid=%s", params.get("tool_consumer_instance_guid"),
             params.get("user_id"), valid)
    if not valid and app.config["STRICT"]:
        abort(401)
    page = templates.get_template("launch.html")
    return page.render(params=params, valid=valid, checked=time.strftime("%H:%M:%S"))


@app.route("/launches")
def recent():
    files = sorted(LAUNCH_LOG.glob("*.json"))[-20:] if LAUNCH_LOG.exists() else []
    return {"recent": [json.loads(f.read_text()) for f in files]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default=os.environ.get("LTI_HARNESS_HOST", "0.0.0.0"),
                    help="interface to listen on (Moodle VM must reach it)")
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--public-url", help="launch URL as the LMS sees it, for signing")
    ap.add_argument("--strict", action="store_true", help="reject bad signatures")
    ap.add_argument("--no-reload", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    app.config.update(CONSUMERS=load_consumers(), PUBLIC_URL=args.public_url,
                      STRICT=args.strict)
    app.run(host=args.host, port=args.port, debug=True, use_reloader=not args.no_reload)


if __name__ == "__main__":
    main()
