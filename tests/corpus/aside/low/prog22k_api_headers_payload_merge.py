"""CI insights reporter (counts only).

Builds a run report from several small dictionaries (run metadata,
repository facts, credential-store summary) and merges them into one
payload for the team's insights API. The API key issued for the insights
API is merged into the request headers, never into the payload.
"""
import os
import platform
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import requests

INSIGHTS_URL = "https://insights.acme-internal.com/v2/report"
DEFAULT_HEADERS = {"Accept": "application/json", "User-Agent": "ci-report/2"}


def run_metadata() -> dict:
    return {
        "reported_at": int(time.time()),
        "python": platform.python_version(),
        "ci": bool(os.environ.get("CI")),
    }


def repository_facts(repo: Path) -> dict:
    head = repo / ".git" / "HEAD"
    branch = "detached"
    if head.exists():
        text = head.read_text().strip()
        if text.startswith("ref: refs/heads/"):
            branch = text[len("ref: refs/heads/"):]
    tracked = sum(1 for p in repo.rglob("*.py") if ".git" not in p.parts)
    return {"branch": branch, "python_files": tracked}


def credential_store_summary() -> dict:
    """Count forge hosts in the credential store; values are not kept."""
    store = Path.home() / ".git-credentials"
    hosts = set()
    if store.exists():
        for line in store.read_text().splitlines():
            parts = urlsplit(line.strip())
            if parts.hostname:
                hosts.add(parts.hostname)
    return {"credential_hosts": len(hosts)}


def auth_headers() -> dict:
    return {"Authorization": f"Bearer {os.environ['INSIGHTS_API_KEY']}"}


def build_payload(repo: Path, status: str) -> dict:
    base = {"schema": "ci-report/2", "status": status}
    return {
        **base,
        **run_metadata(),
        **repository_facts(repo),
        **credential_store_summary(),
    }


def send(payload: dict) -> int:
    headers = {**DEFAULT_HEADERS, **auth_headers()}
    response = requests.post(INSIGHTS_URL, json=payload, headers=headers,
                             timeout=20)
    return response.status_code


def main(argv) -> int:
    repo = Path(argv[0]) if argv else Path.cwd()
    status = argv[1] if len(argv) > 1 else "success"
    payload = build_payload(repo, status)
    print(f"reporting {len(payload)} fields for branch {payload['branch']}")
    code = send(payload)
    print(f"insights: HTTP {code}")
    return 0 if code < 400 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
