"""Posts a deployment notice to the team's chat (webhook URL from the environment)."""
import argparse
import getpass
import os
import socket
import sys

import requests


def notice(version):
    who = getpass.getuser()
    where = socket.gethostname()
    return {"text": f"{who} deployed {version} on {where}"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("version")
    args = ap.parse_args()
    hook = os.environ.get("DEPLOY_WEBHOOK_URL")
    if not hook:
        sys.exit("DEPLOY_WEBHOOK_URL is not set")
    resp = requests.post(hook, json=notice(args.version), timeout=10)
    resp.raise_for_status()


main()
