#!/usr/bin/env python3
"""Translate a text file with the DeepL API.

The API key is read from the DEEPL_API_KEY environment variable and is only
sent to DeepL. The translation is written next to the input as
<name>.<LANG>.txt in the current directory.
"""
import argparse
import os
import sys
from pathlib import Path

import requests

API_URL = "https://api-free.deepl.com/v2/translate"


def translate(paragraphs, target, key):
    resp = requests.post(
        API_URL,
        headers={"Authorization": f"DeepL-Auth-Key {key}"},
        json={"text": paragraphs, "target_lang": target},
        timeout=30,
    )
    resp.raise_for_status()
    return [t["text"] for t in resp.json()["translations"]]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("file")
    parser.add_argument("--to", default="DE", help="target language code")
    args = parser.parse_args()

    key = os.environ.get("DEEPL_API_KEY")
    if not key:
        sys.exit("Set DEEPL_API_KEY first (https://www.deepl.com/pro-api).")

    src = Path(args.file)
    paragraphs = [p for p in src.read_text(encoding="utf-8").split("\n\n") if p.strip()]
    print(f"Translating {len(paragraphs)} paragraphs from {src.name} to {args.to}...")

    try:
        translated = translate(paragraphs, args.to.upper(), key)
    except requests.RequestException as exc:
        sys.exit(f"translation failed: {exc}")

    out = Path.cwd() / f"{src.stem}.{args.to.upper()}.txt"
    out.write_text("\n\n".join(translated) + "\n", encoding="utf-8")
    print(f"Wrote {out.name} ({sum(len(t) for t in translated)} characters)")


if __name__ == "__main__":
    main()
