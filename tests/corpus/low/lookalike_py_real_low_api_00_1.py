
import os
import requests

TOKEN = os.environ["API_TOKEN"]


def create_issue(title):
    r = requests.post("https://api.example.com/issues", json={"title": title},
                      headers={"Authorization": f"Bearer {TOKEN}"}, timeout=10)
    r.raise_for_status()
    return r.json()["id"]


print(create_issue("nightly build failed"))

