#!/usr/bin/env python3
"""Slack slash-command receiver for the edge firewall.

  /edge-block 203.0.113.7 [reason...]
  /edge-unblock 203.0.113.7
  /edge-list

Requests are authenticated with Slack's v0 request signature. Blocks are
inserted into a dedicated EDGE-BLOCK chain on the host so they never touch
the base ruleset.
"""
import argparse
import hashlib
import hmac
import ipaddress
import logging
import os
import subprocess
import time

from flask import Flask, abort, jsonify, request

log = logging.getLogger("edge-block")
CHAIN = "EDGE-BLOCK"
IPTABLES = "/usr/sbin/iptables"
ALLOWED_USERS = set(filter(None, os.environ.get("EDGE_BLOCK_USERS", "").split(",")))
PROTECTED = [ipaddress.ip_network(n) for n in ("10.0.0.0/8", "192.168.0.0/16", "127.0.0.0/8")]

app = Flask(__name__)


def verify_slack_signature(req) -> bool:
    secret = os.environ.get("SLACK_SIGNING_SECRET", "").encode()
    ts = req.headers.get("X-Slack-Request-Timestamp", "0")
    if not secret or abs(time.time() - int(ts)) > 300:
        return False
    base = b"v0:" + ts.encode() + b":" + req.get_data()
    expected = "v0=" + hmac.new(secret, base, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, req.headers.get("X-Slack-Signature", ""))


def ipt(*args, check=True):
    cmd = [IPTABLES, "-w", "5", *args]
    log.debug("exec: %s", " ".join(cmd))
    return subprocess.run(cmd, capture_output=True, text=True, check=check)


def ensure_chain():
    if ipt("-n", "-L", CHAIN, check=False).returncode != 0:
        ipt("-N", CHAIN)
        ipt("-I", "INPUT", "1", "-j", CHAIN)
        log.info("created chain %s", CHAIN)


def parse_ip(text):
    try:
        addr = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    if addr.version != 4 or any(addr in net for net in PROTECTED):
        return None
    return str(addr)


def block(ip, reason, who):
    comment = f"by {who}: {reason}"[:200]
    if ipt("-C", CHAIN, "-s", ip, "-j", "DROP", check=False).returncode == 0:
        return f"{ip} is already blocked."
    ipt("-A", CHAIN, "-s", ip, "-m", "comment", "--comment", comment, "-j", "DROP")
    return f":no_entry: {ip} blocked ({reason or 'no reason given'})."


def unblock(ip):
    res = ipt("-D", CHAIN, "-s", ip, "-j", "DROP", check=False)
    return f"{ip} unblocked." if res.returncode == 0 else f"{ip} was not blocked."


def listing():
    out = ipt("-n", "-L", CHAIN, "--line-numbers").stdout
    return "```" + out[-2800:] + "```"


@app.post("/slack/command")
def slash_command():
    if not verify_slack_signature(request):
        abort(401)
    form = request.form
    user, command, text = form.get("user_name", "?"), form.get("command", ""), form.get("text", "")
    if ALLOWED_USERS and user not in ALLOWED_USERS:
        return jsonify(response_type="ephemeral", text="You are not on the edge-block list.")
    ensure_chain()
    parts = text.split(maxsplit=1)
    try:
        if command == "/edge-list":
            msg = listing()
        elif command in ("/edge-block", "/edge-unblock") and parts:
            ip = parse_ip(parts[0])
            if ip is None:
                msg = f"`{parts[0]}` is not a blockable public IPv4 address."
            elif command == "/edge-block":
                msg = block(ip, parts[1] if len(parts) > 1 else "", user)
            else:
                msg = unblock(ip)
        else:
            msg = "Usage: /edge-block <ip> [reason] | /edge-unblock <ip> | /edge-list"
    except subprocess.CalledProcessError as exc:
        log.error("iptables failed: %s", exc.stderr)
        msg = "iptables error, check the host logs."
    log.info("%s ran %s %s", user, command, text)
    return jsonify(response_type="in_channel", text=msg)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=9710)
    a = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    app.run(host="127.0.0.1", port=a.port)
