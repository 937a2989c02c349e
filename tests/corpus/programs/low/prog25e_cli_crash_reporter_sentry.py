#!/usr/bin/env python3
"""cloudctl crash reporter.

Wraps the `cloudctl` command entry point: if a subcommand raises, the
exception is reported to Sentry together with a minimal runtime context
(platform, Python version, which cloudctl settings are present). Environment
values are never attached; a before_send hook also drops request data,
local variables and any extra fields a library might add.
"""

import argparse
import functools
import logging
import os
import platform
import sys
import time
from dataclasses import asdict, dataclass, field
from typing import Callable, Dict, Optional

import sentry_sdk

LOG = logging.getLogger("cloudctl")
RELEASE = "cloudctl@3.8.2"
SETTING_NAMES = ("CLOUDCTL_PROFILE", "CLOUDCTL_REGION", "CLOUDCTL_ENDPOINT")


@dataclass
class RuntimeContext:
    python: str = field(default_factory=platform.python_version)
    system: str = field(default_factory=platform.system)
    machine: str = field(default_factory=platform.machine)
    env_var_count: int = 0
    settings_present: Dict[str, bool] = field(default_factory=dict)


def collect_context() -> RuntimeContext:
    return RuntimeContext(
        env_var_count=len(os.environ),
        settings_present={name: name in os.environ for name in SETTING_NAMES},
    )


def scrub_event(event: dict, hint: Optional[dict]) -> dict:
    """Drop everything except the stack trace and our own minimal context."""
    event.pop("request", None)
    event.pop("extra", None)
    event.pop("user", None)
    for exc in (event.get("exception") or {}).get("values", []):
        for frame in (exc.get("stacktrace") or {}).get("frames", []):
            frame.pop("vars", None)
    contexts = event.get("contexts") or {}
    event["contexts"] = {k: v for k, v in contexts.items() if k in ("runtime", "os", "cloudctl")}
    return event


def init_reporting(dsn: str, environment: str) -> None:
    sentry_sdk.init(
        dsn=dsn,
        release=RELEASE,
        environment=environment,
        send_default_pii=False,
        include_local_variables=False,
        traces_sample_rate=0.0,
        before_send=scrub_event,
    )


def report_crashes(func: Callable) -> Callable:
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except KeyboardInterrupt:
            raise
        except Exception as exc:  # noqa: BLE001 - report then re-raise
            with sentry_sdk.push_scope() as scope:
                scope.set_context("cloudctl", asdict(collect_context()))
                scope.set_tag("subcommand", args[1] if len(args) > 1 else func.__name__)
                event_id = sentry_sdk.capture_exception(exc)
            sentry_sdk.flush(timeout=5)
            LOG.error("cloudctl crashed (report id %s): %s", event_id, exc)
            raise
    return wrapper


class Commands:
    def __init__(self, profile: str, region: str):
        self.profile = profile
        self.region = region

    def whoami(self) -> int:
        print(f"profile={self.profile} region={self.region}")
        return 0

    def regions(self) -> int:
        known = ["us-east-1", "us-west-2", "eu-west-1", "ap-southeast-2"]
        if self.region not in known:
            raise ValueError("unsupported region")
        for r in known:
            print(("* " if r == self.region else "  ") + r)
        return 0

    def sleep_test(self) -> int:
        time.sleep(0.1)
        raise RuntimeError("deliberate failure for crash-report testing")


@report_crashes
def dispatch(cmds: Commands, name: str) -> int:
    handler = getattr(cmds, name.replace("-", "_"), None)
    if handler is None:
        raise SystemExit(f"unknown command {name}")
    return handler()


def main() -> int:
    ap = argparse.ArgumentParser(prog="cloudctl")
    ap.add_argument("command", choices=["whoami", "regions", "sleep-test"])
    ap.add_argument("--profile", default=os.environ.get("CLOUDCTL_PROFILE", "default"))
    ap.add_argument("--region", default=os.environ.get("CLOUDCTL_REGION", "us-east-1"))
    ap.add_argument("--no-telemetry", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    dsn = os.environ.get("CLOUDCTL_SENTRY_DSN")
    if dsn and not args.no_telemetry:
        init_reporting(dsn, os.environ.get("CLOUDCTL_ENV", "production"))

    try:
        return dispatch(Commands(args.profile, args.region), args.command)
    except Exception:  # already reported
        return 70


if __name__ == "__main__":
    sys.exit(main())
