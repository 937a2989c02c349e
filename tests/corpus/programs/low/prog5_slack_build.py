import os, json, urllib.request
HOOK = os.environ.get("SLACK_WEBHOOK_URL", "https://hooks.slack.com/services/T0/B0/X")
def notify(status, commit):
    body = json.dumps({"text": f"build {status} at {commit}"}).encode()
    req = urllib.request.Request(HOOK, data=body, headers={"Content-Type": "application/json"})
    urllib.request.urlopen(req, timeout=10)
notify("passed", os.environ.get("GITHUB_SHA", "local")[:8])
