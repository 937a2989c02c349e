import os

import requests

BASE = os.environ.get("INTERNAL_API", "https://10.0.0.5:8443")


def status():
    r = requests.get(f"{BASE}/status", verify=False, timeout=5)
    return r.json()


print(status())
