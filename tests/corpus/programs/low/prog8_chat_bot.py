"""Answers questions with the OpenAI API; the key comes from the environment."""
import json
import logging
import os
import sys

import httpx

API_URL = "https://api.openai.com/v1/chat/completions"
MODEL = os.getenv("OPENAI_MODEL", "gpt-4o-mini")


def ask(question, history):
    key = os.environ["OPENAI_API_KEY"]
    messages = history + [{"role": "user", "content": question}]
    resp = httpx.post(API_URL, headers={"Authorization": f"Bearer {key}"},
                      json={"model": MODEL, "messages": messages}, timeout=60)
    resp.raise_for_status()
    answer = resp.json()["choices"][0]["message"]["content"]
    history.extend([{"role": "user", "content": question},
                    {"role": "assistant", "content": answer}])
    return answer


def main():
    logging.basicConfig(level=logging.WARNING)
    history = []
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            print(ask(line, history))
        except httpx.HTTPError as exc:
            logging.error("request failed: %s", exc)
    with open("chat_history.json", "w") as fh:
        json.dump(history, fh, indent=2)


if __name__ == "__main__":
    main()
