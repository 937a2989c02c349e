#!/usr/bin/env python3
"""Report test results from ./reports/*.json as GitHub commit statuses.

Which report maps to which status context is configured in the JSON block
below.  The token comes from GITHUB_TOKEN and is only sent to api.github.com.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("status-reporter")

SETTINGS = json.loads("""
{
  "api": "https://api.github.com",
  "token_env": "GITHUB_TOKEN",
  "contexts": [
    {"report": "unit.json",        "context": "ci/unit",        "required": true},
    {"report": "integration.json", "context": "ci/integration", "required": true},
    {"report": "lint.json",        "context": "ci/lint",        "required": false}
  ],
  "target_url_template": "https://ci.internal.example.org/runs/{run_id}"
}
""")


class StatusClient:
    def __init__(self, api: str, token: str, repo: str):
        self.base = f"{api}/repos/{repo}/statuses"
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Accept": "application/vnd.github+json",
        })

    def post(self, sha: str, payload: dict) -> None:
        resp = self.session.post(f"{self.base}/{sha}", json=payload, timeout=15)
        resp.raise_for_status()


def summarise(report_path: Path) -> tuple:
    data = json.loads(report_path.read_text(encoding="utf-8"))
    failed = int(data.get("failed", 0))
    total = int(data.get("total", 0))
    state = "success" if failed == 0 and total > 0 else "failure"
    return state, f"{total - failed}/{total} passed"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True, help="owner/name")
    ap.add_argument("--sha", required=True)
    ap.add_argument("--run-id", default="local")
    ap.add_argument("--reports", type=Path, default=Path("reports"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.environ.get(SETTINGS["token_env"])
    if not token and not args.dry_run:
        log.error("%s is not set", SETTINGS["token_env"])
        return 2

    client = StatusClient(SETTINGS["api"], token or "", args.repo)
    target_url = SETTINGS["target_url_template"].format(run_id=args.run_id)
    missing_required = False

    for entry in SETTINGS["contexts"]:
        path = args.reports / entry["report"]
        if not path.exists():
            log.warning("no report %s", path)
            missing_required |= entry["required"]
            continue
        state, description = summarise(path)
        payload = {"state": state, "context": entry["context"],
                   "description": description, "target_url": target_url}
        if args.dry_run:
            print(json.dumps(payload))
            continue
        try:
            client.post(args.sha, payload)
            log.info("%s -> %s", entry["context"], state)
        except requests.RequestException as exc:
            log.error("could not post %s: %s", entry["context"], exc)
            return 1
    return 3 if missing_required else 0


if __name__ == "__main__":
    sys.exit(main())
