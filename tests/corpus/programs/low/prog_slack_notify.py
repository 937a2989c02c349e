import json
import os
import urllib.request


def notify(text):
    url = os.environ["SLACK_WEBHOOK_URL"]
    body = json.dumps({"text": text}).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=5) as r:
        return r.status


if __name__ == "__main__":
    notify("Nightly build finished")
