#!/usr/bin/env python3
"""Local OIDC relying-party for testing SSO client registrations.

Runs a tiny web app implementing the authorization-code flow with PKCE (public
client, no client secret) against the configured issuer, then shows the
decoded ID-token claims.  Used by the identity team while onboarding new
applications to the IdP.

    OIDC_ISSUER=https://login.example.com OIDC_CLIENT_ID=... \
    python oidc_callback_devserver.py
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import secrets
from urllib.parse import urlencode

import requests
from flask import Flask, abort, redirect, request, session
from werkzeug.serving import run_simple

log = logging.getLogger("oidc-dev")


class OidcConfig:
    def __init__(self, issuer, client_id, redirect_uri, scopes):
        self.issuer = issuer.rstrip("/")
        self.client_id = client_id
        self.redirect_uri = redirect_uri
        self.scopes = scopes
        self._meta = None

    @property
    def meta(self):
        if self._meta is None:
            url = self.issuer + "/.well-known/openid-configuration"
            resp = requests.get(url, timeout=10)
            resp.raise_for_status()
            self._meta = resp.json()
        return self._meta


def pkce_pair():
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def decode_segment(segment):
    padded = segment + "=" * (-len(segment) % 4)
    return json.loads(base64.urlsafe_b64decode(padded))


def create_app(cfg):
    app = Flask(__name__)
    app.secret_key = secrets.token_bytes(32)

    @app.route("/")
    def index():
        return '<a href="/login">Sign in with %s</a>' % cfg.issuer

    @app.route("/login")
    def login():
        verifier, challenge = pkce_pair()
        state = secrets.token_urlsafe(16)
        session["pkce"] = verifier
        session["state"] = state
        query = urlencode({
            "response_type": "code",
            "client_id": cfg.client_id,
            "redirect_uri": cfg.redirect_uri,
            "scope": " ".join(cfg.scopes),
            "state": state,
            "code_challenge": challenge,
            "code_challenge_method": "S256",
        })
        return redirect(cfg.meta["authorization_endpoint"] + "?" + query)

    @app.route("/callback")
    def callback():
        if request.args.get("state") != session.pop("state", None):
            abort(400, "state mismatch")
        if "error" in request.args:
            abort(400, request.args.get("error_description", request.args["error"]))
        token_resp = requests.post(
            cfg.meta["token_endpoint"],
            data={
                "grant_type": "authorization_code",
                "code": request.args["code"],
                "redirect_uri": cfg.redirect_uri,
                "code_verifier": session.pop("pkce", ""),
                "client_id": cfg.client_id,
            },
            timeout=10,
        )
        if token_resp.status_code != 200:
            log.warning("token endpoint said %s: %s", token_resp.status_code, token_resp.text)
            abort(502)
        tokens = token_resp.json()
        header, claims = (decode_segment(p) for p in tokens["id_token"].split(".")[:2])
        return "<h3>ID token</h3><pre>%s</pre><pre>%s</pre>" % (
            json.dumps(header, indent=2), json.dumps(claims, indent=2))

    return app


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--port", type=int, default=int(os.environ.get("OIDC_DEV_PORT", "8400")))
    ap.add_argument("--listen", default=os.environ.get("OIDC_DEV_LISTEN", "0.0.0.0"))
    ap.add_argument("--scopes", default="openid profile email")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG)

    try:
        cfg = OidcConfig(
            issuer=os.environ["OIDC_ISSUER"],
            client_id=os.environ["OIDC_CLIENT_ID"],
            redirect_uri=os.environ.get("OIDC_REDIRECT_URI", "http://localhost:%d/callback" % args.port),
            scopes=args.scopes.split(),
        )
    except KeyError as missing:
        raise SystemExit("missing environment variable %s" % missing)

    app = create_app(cfg)
    run_simple(args.listen, args.port, app, use_debugger=True, use_reloader=True)


if __name__ == "__main__":
    main()
