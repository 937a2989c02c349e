#!/usr/bin/env python3
"""release_notes_publish.py - assemble store release notes from changelog
fragments and publish them to the studio's release API.

Fragments live in changes/<category>/*.md. The version comes from the CI
environment (GAME_VERSION) or --version; an extra free-text intro can be
piped in on stdin, e.g. `cat intro.txt | release_notes_publish.py --stdin`.
The API token is read from RELEASE_API_TOKEN and only sent to the API.
"""
import argparse
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("release-notes")
API_BASE = "https://api.example.com/v1"
CATEGORIES = [("feature", "New"), ("fix", "Fixed"), ("balance", "Balance changes")]
MAX_STORE_CHARS = 4000


class NotesBuilder:
    def __init__(self, root: Path):
        self.root = root
        self.sections = {}

    def collect(self):
        for key, _title in CATEGORIES:
            folder = self.root / key
            if not folder.is_dir():
                continue
            items = []
            for frag in sorted(folder.glob("*.md")):
                text = frag.read_text(encoding="utf-8").strip()
                if text:
                    items.append(" ".join(text.split()))
            if items:
                self.sections[key] = items
        LOG.info("collected %d fragments", sum(len(v) for v in self.sections.values()))

    def render(self, version: str, intro: str = "") -> str:
        out = [f"Version {version}", ""]
        if intro:
            out += [intro.strip(), ""]
        for key, title in CATEGORIES:
            if key in self.sections:
                out.append(f"{title}:")
                out += [f"- {item}" for item in self.sections[key]]
                out.append("")
        text = "\n".join(out).strip() + "\n"
        if len(text) > MAX_STORE_CHARS:
            LOG.warning("notes are %d chars, truncating for the store", len(text))
            text = text[: MAX_STORE_CHARS - 4] + "...\n"
        return text


def publish(version: str, text: str, token: str, timeout: int) -> int:
    url = f"{API_BASE}/releases/{version}/notes"
    body = json.dumps({"version": version, "locale": "en-US", "text": text}).encode()
    req = urllib.request.Request(url, data=body, method="POST", headers={
        "Content-Type": "application/json",
        "Authorization": f"Bearer {token}",
    })
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            LOG.info("API answered %d", resp.status)
            return 0
    except urllib.error.HTTPError as exc:
        LOG.error("API rejected notes: %d %s", exc.code, exc.reason)
    except urllib.error.URLError as exc:
        LOG.error("API unreachable: %s", exc.reason)
    return 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--version", default=os.environ.get("GAME_VERSION"))
    ap.add_argument("--changes", default="changes")
    ap.add_argument("--stdin", action="store_true", help="read an intro paragraph from stdin")
    ap.add_argument("--publish", action="store_true")
    ap.add_argument("--timeout", type=int, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.version:
        LOG.error("no version: set GAME_VERSION or pass --version")
        return 2

    intro = sys.stdin.read() if args.stdin else ""
    builder = NotesBuilder(Path(args.changes))
    builder.collect()
    text = builder.render(args.version, intro)

    out = Path("build") / f"release-notes-{args.version}.txt"
    out.parent.mkdir(exist_ok=True)
    out.write_text(text, encoding="utf-8")
    os.chmod(out, 0o600)
    LOG.info("draft written to %s", out)

    if not args.publish:
        print(text)
        return 0
    token = os.environ.get("RELEASE_API_TOKEN")
    if not token:
        LOG.error("RELEASE_API_TOKEN is not set")
        return 2
    return publish(args.version, text, token, args.timeout)


if __name__ == "__main__":
    sys.exit(main())
