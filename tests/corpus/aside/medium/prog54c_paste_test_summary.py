"""Share a failing test run as a paste on the team's hastebin instance.

Reads settings from ./pastebot.yml, extracts the failure section of
./reports/pytest.log and posts it; prints the resulting link so it can be
dropped into a code review.
"""
import argparse
import logging
import os
import re
import sys
from pathlib import Path

import httpx
import yaml

LOGGER = logging.getLogger("pastebot")
DEFAULTS = {
    "server": "https://paste.dev.acme.example",
    "expire_days": 7,
    "max_bytes": 400_000,
    "sections": ["FAILURES", "short test summary info"],
}


def load_settings(path: Path) -> dict:
    settings = dict(DEFAULTS)
    if path.exists():
        with path.open() as fh:
            user = yaml.load(fh, Loader=yaml.Loader) or {}
        settings.update(user)
    return settings


def extract_sections(text: str, wanted: list) -> str:
    banner = re.compile(r"^=+ (.+?) =+$", re.MULTILINE)
    marks = [(m.start(), m.group(1)) for m in banner.finditer(text)]
    marks.append((len(text), "<end>"))
    out = []
    for (start, title), (end, _) in zip(marks, marks[1:]):
        if any(w.lower() in title.lower() for w in wanted):
            out.append(text[start:end].rstrip())
    return "\n\n".join(out) or text[-4000:]


class PasteClient:
    def __init__(self, server: str, api_key: str, expire_days: int):
        self.server = server.rstrip("/")
        self.expire = expire_days
        self.client = httpx.Client(timeout=20.0,
                                   headers={"Authorization": f"Token {api_key}"})

    def create(self, body: str, title: str) -> str:
        resp = self.client.post(f"{self.server}/api/v1/pastes",
                                json={"title": title, "content": body,
                                      "syntax": "pytb", "expire_days": self.expire})
        resp.raise_for_status()
        return resp.json()["url"]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", type=Path, default=Path("pastebot.yml"))
    ap.add_argument("--log", type=Path, default=Path("reports/pytest.log"))
    ap.add_argument("--title", default=None)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    settings = load_settings(args.config)
    api_key = os.environ.get("PASTE_API_KEY")
    if not api_key:
        LOGGER.error("PASTE_API_KEY is not set")
        return 2
    try:
        raw = args.log.read_text(errors="replace")
    except FileNotFoundError:
        LOGGER.error("no test log at %s", args.log)
        return 1

    body = extract_sections(raw, settings["sections"])
    body = body.encode()[: settings["max_bytes"]].decode(errors="ignore")
    title = args.title or f"pytest failures ({Path.cwd().name})"
    client = PasteClient(settings["server"], api_key, int(settings["expire_days"]))
    try:
        url = client.create(body, title)
    except httpx.HTTPError as exc:
        LOGGER.error("paste failed: %s", exc)
        return 1
    print(url)
    return 0


if __name__ == "__main__":
    sys.exit(main())
