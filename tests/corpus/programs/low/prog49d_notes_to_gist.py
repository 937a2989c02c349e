#!/usr/bin/env python3
"""Publish selected Markdown notes from ./notes as a single GitHub gist.

The token is read from GITHUB_TOKEN and is only sent to api.github.com.
A small state file (.gist_state.json) remembers the gist id so that later
runs update the same gist instead of creating a new one.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path
from urllib import request as urlreq
from urllib.error import HTTPError, URLError

API_ROOT = "https://api.github.com"
STATE_FILE = Path(".gist_state.json")
log = logging.getLogger("notes2gist")


class GistClient:
    def __init__(self, token: str, timeout: float = 20.0):
        self._headers = {
            "Accept": "application/vnd.github+json",
            "Authorization": f"Bearer {token}",
            "X-GitHub-Api-Version": "2022-11-28",
            "User-Agent": "notes2gist/1.3",
        }
        self.timeout = timeout

    def _call(self, method: str, path: str, body: dict) -> dict:
        data = json.dumps(body).encode("utf-8")
        req = urlreq.Request(API_ROOT + path, data=data, method=method,
                             headers={**self._headers, "Content-Type": "application/json"})
        with urlreq.urlopen(req, timeout=self.timeout) as resp:
            return json.loads(resp.read().decode("utf-8"))

    def create(self, description: str, files: dict, public: bool) -> dict:
        return self._call("POST", "/gists", {"description": description,
                                             "public": public, "files": files})

    def update(self, gist_id: str, description: str, files: dict) -> dict:
        return self._call("PATCH", f"/gists/{gist_id}",
                          {"description": description, "files": files})


def collect_notes(folder: Path, tag: str | None) -> dict:
    files = {}
    for md in sorted(folder.glob("*.md")):
        text = md.read_text(encoding="utf-8")
        if tag and f"#{tag}" not in text:
            log.debug("skipping %s (no #%s tag)", md.name, tag)
            continue
        files[md.name] = {"content": text}
    return files


def load_state() -> dict:
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except json.JSONDecodeError:
            log.warning("state file is corrupt, starting fresh")
    return {}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--folder", default="notes", type=Path)
    ap.add_argument("--tag", help="only publish notes containing #TAG")
    ap.add_argument("--public", action="store_true")
    ap.add_argument("--description", default="Shared notes")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        log.error("GITHUB_TOKEN is not set")
        return 2
    if not args.folder.is_dir():
        log.error("folder %s does not exist", args.folder)
        return 2

    files = collect_notes(args.folder, args.tag)
    if not files:
        log.info("nothing to publish")
        return 0

    client = GistClient(token)
    state = load_state()
    try:
        if state.get("gist_id"):
            result = client.update(state["gist_id"], args.description, files)
        else:
            result = client.create(args.description, files, args.public)
    except HTTPError as exc:
        log.error("GitHub answered %s: %s", exc.code, exc.reason)
        return 1
    except URLError as exc:
        log.error("network problem: %s", exc.reason)
        return 1

    state["gist_id"] = result["id"]
    STATE_FILE.write_text(json.dumps(state, indent=2))
    log.info("published %d note(s): %s", len(files), result.get("html_url"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
