import os
import sys

import requests

API = "https://api.github.com"


def latest_release(repo):
    headers = {"Accept": "application/vnd.github+json"}
    token = os.environ.get("GITHUB_TOKEN")
    if token:
        headers["Authorization"] = f"Bearer {token}"
    r = requests.get(f"{API}/repos/{repo}/releases/latest", headers=headers, timeout=10)
    r.raise_for_status()
    return r.json()["tag_name"]


print(latest_release(sys.argv[1] if len(sys.argv) > 1 else "python/cpython"))
