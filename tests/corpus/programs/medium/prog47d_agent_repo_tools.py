"""Tool plugin exposing read-only repository inspection to a coding agent.

Tools are registered in TOOL_REGISTRY and invoked by the agent loop with a
JSON dict of arguments. All commands run as the current user inside the
configured workspace.
"""
import dataclasses
import json
import logging
import os
import shlex
import subprocess
from typing import Callable, Dict

LOG = logging.getLogger("agent.tools.repo")
WORKSPACE = os.path.abspath(os.environ.get("AGENT_WORKSPACE", "."))
MAX_OUTPUT = 16_000
TOOL_REGISTRY: Dict[str, "Tool"] = {}


@dataclasses.dataclass
class Tool:
    name: str
    description: str
    schema: dict
    handler: Callable[..., str]


def tool(name, description, **schema):
    def wrap(fn):
        TOOL_REGISTRY[name] = Tool(name, description, {"type": "object", "properties": schema}, fn)
        return fn
    return wrap


def _run(argv, timeout=20):
    LOG.debug("exec %s", shlex.join(argv))
    try:
        proc = subprocess.run(argv, cwd=WORKSPACE, capture_output=True, text=True, timeout=timeout)
    except FileNotFoundError:
        return f"error: {argv[0]} is not installed"
    except subprocess.TimeoutExpired:
        return f"error: {argv[0]} timed out after {timeout}s"
    out = proc.stdout if proc.returncode in (0, 1) else proc.stderr
    if len(out) > MAX_OUTPUT:
        out = out[:MAX_OUTPUT] + f"\n... [{len(out) - MAX_OUTPUT} chars truncated]"
    return out or "(no output)"


@tool("search_code", "ripgrep the workspace for a regex",
      pattern={"type": "string"}, glob={"type": "string"})
def search_code(pattern, glob=None):
    argv = ["rg", "--line-number", "--no-heading", "--max-count", "50", "-e", pattern]
    if glob:
        argv += ["--glob", glob]
    return _run(argv)


@tool("git_log", "recent commits touching a path",
      path={"type": "string"}, limit={"type": "integer"})
def git_log(path=".", limit=15):
    return _run(["git", "log", f"-n{int(limit)}", "--pretty=format:%h %an %ad %s", "--date=short", "--", path])


@tool("git_blame", "blame a line range of a file",
      path={"type": "string"}, start={"type": "integer"}, end={"type": "integer"})
def git_blame(path, start, end):
    return _run(["git", "blame", "-L", f"{int(start)},{int(end)}", "--", path])


@tool("list_tree", "list tracked files under a directory", path={"type": "string"})
def list_tree(path="."):
    return _run(["git", "ls-files", "--", path])


def dispatch(call_json):
    """Entry point used by the agent loop: {"name": ..., "arguments": {...}}."""
    call = json.loads(call_json)
    entry = TOOL_REGISTRY.get(call.get("name"))
    if entry is None:
        return json.dumps({"error": f"unknown tool {call.get('name')!r}"})
    try:
        result = entry.handler(**call.get("arguments", {}))
    except TypeError as exc:
        result = f"error: bad arguments: {exc}"
    return json.dumps({"tool": entry.name, "output": result})


def openai_tool_specs():
    return [{"type": "function",
             "function": {"name": t.name, "description": t.description, "parameters": t.schema}}
            for t in TOOL_REGISTRY.values()]


if __name__ == "__main__":
    logging.basicConfig(level=logging.DEBUG)
    print(json.dumps(openai_tool_specs(), indent=2))
    print(dispatch(json.dumps({"name": "git_log", "arguments": {"limit": 3}})))
