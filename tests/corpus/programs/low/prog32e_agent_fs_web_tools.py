"""Read-only tools exposed to a coding agent: read_file, list_dir, web_fetch.

Each tool takes a JSON argument dict and returns a JSON-serialisable dict.
File access is confined to the workspace root; web_fetch only performs GET
requests and returns text, it never acts on what it downloads.
"""
import argparse
import html
import json
import logging
import os
import re
import sys
from pathlib import Path

import requests

log = logging.getLogger("agent.tools")

MAX_READ_BYTES = 200_000
MAX_FETCH_CHARS = 50_000
TAG_RE = re.compile(r"<(script|style)[^>]*>.*?</\1>|<[^>]+>", re.S | re.I)


class ToolError(Exception):
    pass


class Workspace:
    def __init__(self, root):
        self.root = Path(root).resolve()

    def resolve(self, rel):
        target = (self.root / rel).resolve()
        if target != self.root and self.root not in target.parents:
            raise ToolError(f"path escapes workspace: {rel}")
        return target


class ToolBox:
    def __init__(self, workspace, user_agent="agent-tools/0.3"):
        self.ws = workspace
        self.session = requests.Session()
        self.session.headers["User-Agent"] = user_agent
        self.registry = {
            "read_file": self.read_file,
            "list_dir": self.list_dir,
            "web_fetch": self.web_fetch,
        }

    def read_file(self, path, start_line=1, max_lines=400):
        target = self.ws.resolve(path)
        if not target.is_file():
            raise ToolError(f"no such file: {path}")
        if target.stat().st_size > MAX_READ_BYTES:
            raise ToolError("file too large for read_file")
        lines = target.read_text(encoding="utf-8", errors="replace").splitlines()
        window = lines[start_line - 1:start_line - 1 + max_lines]
        return {"path": path, "start_line": start_line, "lines": window,
                "total_lines": len(lines)}

    def list_dir(self, path="."):
        target = self.ws.resolve(path)
        entries = []
        for entry in sorted(os.scandir(target), key=lambda e: e.name):
            if entry.name.startswith("."):
                continue
            entries.append({"name": entry.name, "dir": entry.is_dir()})
        return {"path": path, "entries": entries}

    def web_fetch(self, url, timeout=15):
        if not url.startswith(("http://", "https://")):
            raise ToolError("only http(s) URLs are supported")
        resp = self.session.get(url, timeout=timeout, allow_redirects=True)
        resp.raise_for_status()
        ctype = resp.headers.get("content-type", "")
        text = resp.text
        if "html" in ctype:
            text = html.unescape(TAG_RE.sub(" ", text))
            text = re.sub(r"\s+", " ", text)
        return {"url": resp.url, "status": resp.status_code,
                "content_type": ctype, "text": text[:MAX_FETCH_CHARS]}

    def dispatch(self, call):
        name = call.get("name")
        args = call.get("arguments") or {}
        fn = self.registry.get(name)
        if fn is None:
            return {"error": f"unknown tool {name!r}"}
        try:
            return {"result": fn(**args)}
        except (ToolError, requests.RequestException, OSError, TypeError) as exc:
            log.warning("tool %s failed: %s", name, exc)
            return {"error": str(exc)}


def main():
    parser = argparse.ArgumentParser(description="Run agent tool calls from a JSONL file")
    parser.add_argument("calls", help="JSONL file of {name, arguments} objects")
    parser.add_argument("--workspace", default=".")
    parser.add_argument("--out", default="tool_results.jsonl")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    box = ToolBox(Workspace(args.workspace))
    with open(args.calls, encoding="utf-8") as src, open(args.out, "w", encoding="utf-8") as dst:
        for lineno, line in enumerate(src, 1):
            line = line.strip()
            if not line:
                continue
            try:
                call = json.loads(line)
            except json.JSONDecodeError as exc:
                log.error("line %d: bad JSON: %s", lineno, exc)
                continue
            dst.write(json.dumps({"call": call, **box.dispatch(call)}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
