#!/usr/bin/env python3
"""Check that expected local services are up by process name and port.

Probe commands are rendered from string templates and run through the
shell so pipelines work; results are collected into a small table.
Nothing is restarted; this only reports.
"""
import argparse
import json
import logging
import subprocess
from string import Template

LOG = logging.getLogger("probe")

TEMPLATES = {
    "process": Template("pgrep -a -f '$pattern' | head -n 5"),
    "port": Template("ss -H -ltn 'sport = :$port' | wc -l"),
    "http": Template("curl -s -o /dev/null -w '%{http_code}' --max-time 3 http://127.0.0.1:$port$path"),
}

DEFAULT_SERVICES = [
    {"name": "postgres", "pattern": "postgres -D", "port": 5432},
    {"name": "redis", "pattern": "redis-server", "port": 6379},
    {"name": "api", "pattern": "gunicorn", "port": 8000, "path": "/healthz"},
]


class Probe:
    def __init__(self, service):
        self.service = service
        self.results = {}

    def _render(self, kind):
        values = {"path": "/", **self.service}
        return TEMPLATES[kind].safe_substitute(values)

    def _run(self, kind):
        command = self._render(kind)
        LOG.debug("sh -c %r", command)
        proc = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=10)
        return proc.stdout.strip()

    def check(self):
        self.results["process"] = bool(self._run("process"))
        self.results["listening"] = self._run("port") not in ("", "0")
        if "path" in self.service:
            code = self._run("http")
            self.results["http"] = code
        return self

    @property
    def healthy(self):
        ok = self.results.get("process") and self.results.get("listening")
        if "http" in self.results:
            ok = ok and self.results["http"].startswith("2")
        return bool(ok)


def load_services(path):
    if not path:
        return DEFAULT_SERVICES
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--services", help="JSON list of services to probe")
    ap.add_argument("--json", action="store_true", help="machine-readable output")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    probes = []
    for svc in load_services(args.services):
        try:
            probes.append(Probe(svc).check())
        except subprocess.TimeoutExpired:
            LOG.warning("probe for %s timed out", svc["name"])
    if args.json:
        print(json.dumps({p.service["name"]: p.results for p in probes}, indent=2))
    else:
        for p in probes:
            state = "UP  " if p.healthy else "DOWN"
            print(f"{state} {p.service['name']:<10} {p.results}")
    return 0 if all(p.healthy for p in probes) else 1


if __name__ == "__main__":
    raise SystemExit(main())
