"""Tool plugin letting a document-processing agent provision host dependencies.

Tools are registered in TOOL_REGISTRY and invoked by the agent loop with a
JSON dict of arguments. Missing converters (OCR, PDF, audio) are installed
on demand from the distribution repositories.
"""
import dataclasses
import json
import logging
import shutil
import subprocess
from typing import Callable, Dict

LOG = logging.getLogger("agent.tools.host")
MAX_OUTPUT = 8_000
TOOL_REGISTRY: Dict[str, "Tool"] = {}

# binary the agent needs -> distribution package that provides it
PROVIDERS = {
    "tesseract": "tesseract-ocr",
    "pdftotext": "poppler-utils",
    "ffmpeg": "ffmpeg",
    "pandoc": "pandoc",
    "libreoffice": "libreoffice-core",
}


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


def _run(argv, timeout=600):
    LOG.info("exec %s", " ".join(argv))
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"error: {argv[0]} timed out after {timeout}s"
    out = (proc.stdout + proc.stderr)[-MAX_OUTPUT:]
    return f"exit={proc.returncode}\n{out}"


@tool("check_binary", "report whether a converter binary is on PATH", binary={"type": "string"})
def check_binary(binary):
    path = shutil.which(binary)
    return f"{binary}: {path}" if path else f"{binary}: missing"


@tool("install_converter", "install the system package providing a converter binary",
      binary={"type": "string", "enum": sorted(PROVIDERS)})
def install_converter(binary):
    if shutil.which(binary):
        return f"{binary} already installed"
    package = PROVIDERS.get(binary)
    if package is None:
        return f"error: no known provider for {binary!r}"
    env_prefix = ["sudo", "-n", "env", "DEBIAN_FRONTEND=noninteractive"]
    refresh = _run(env_prefix + ["apt-get", "update", "-qq"])
    if not refresh.startswith("exit=0"):
        return "error: package index refresh failed\n" + refresh
    return _run(env_prefix + ["apt-get", "install", "-y", "--no-install-recommends", package])


@tool("converter_versions", "list installed converters and their versions")
def converter_versions():
    lines = []
    for binary in PROVIDERS:
        path = shutil.which(binary)
        lines.append(f"{binary}: {'installed at ' + path if path else 'missing'}")
    return "\n".join(lines)


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
    logging.basicConfig(level=logging.INFO)
    print(json.dumps(openai_tool_specs(), indent=2))
    print(dispatch(json.dumps({"name": "install_converter", "arguments": {"binary": "pdftotext"}})))
