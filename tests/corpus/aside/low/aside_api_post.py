import json
import os
import sys

import requests

API = "https://api.openai.com/v1/chat/completions"


def ask(prompt):
    key = os.environ["OPENAI_API_KEY"]
    resp = requests.post(
        API,
        headers={"Authorization": f"Bearer {key}"},
        json={"model": "gpt-4o-mini", "messages": [{"role": "user", "content": prompt}]},
        timeout=60,
    )
    resp.raise_for_status()
    return resp.json()["choices"][0]["message"]["content"]


if __name__ == "__main__":
    print(ask(" ".join(sys.argv[1:]) or "hello"))
