#!/usr/bin/env python3
"""Collect read-only host facts for a build report.

Every method named ``fact_<name>`` on ``FactCollector`` is discovered at
runtime with ``dir()``/``getattr`` and its result stored under ``<name>``.
The report is written to the current working directory.
"""
import argparse
import json
import logging
import os
import time

LOG = logging.getLogger("facts")
_platform = __import__("platform")

PROC_ROOT = os.path.join(os.sep, "proc")
ETC_ROOT = os.path.join(os.sep, "etc")


def _read_text(*parts):
    path = os.path.join(*parts)
    with open(path, "r", encoding="utf-8", errors="replace") as fh:
        return fh.read()


def _parse_kv(text, sep):
    out = {}
    for line in text.splitlines():
        if sep not in line:
            continue
        key, _, value = line.partition(sep)
        out[key.strip()] = value.strip().strip('"')
    return out


class FactCollector:
    prefix = "fact_"

    def fact_os_release(self):
        data = _parse_kv(_read_text(ETC_ROOT, "os-release"), "=")
        return {k: data.get(k) for k in ("ID", "VERSION_ID", "PRETTY_NAME")}

    def fact_cpu(self):
        info = _read_text(PROC_ROOT, "cpuinfo")
        models = [v for k, v in (l.split(":", 1) for l in info.splitlines() if ":" in l)
                  if k.strip() == "model name"]
        return {"count": os.cpu_count(),
                "model": models[0].strip() if models else _platform.processor()}

    def fact_memory(self):
        mem = _parse_kv(_read_text(PROC_ROOT, "meminfo"), ":")
        return {k: mem.get(k) for k in ("MemTotal", "MemAvailable", "SwapTotal")}

    def fact_load(self):
        one, five, fifteen = _read_text(PROC_ROOT, "loadavg").split()[:3]
        return {"1m": float(one), "5m": float(five), "15m": float(fifteen)}

    def fact_python(self):
        return {"impl": _platform.python_implementation(),
                "version": _platform.python_version()}

    def fact_kernel(self):
        uname = _platform.uname()
        return {"release": uname.release, "machine": uname.machine}

    def names(self):
        return sorted(n[len(self.prefix):] for n in dir(self)
                      if n.startswith(self.prefix) and callable(getattr(self, n)))

    def collect(self, only=None):
        facts, errors = {}, {}
        for name in self.names():
            if only and name not in only:
                continue
            method = getattr(self, self.prefix + name)
            started = time.monotonic()
            try:
                facts[name] = method()
            except (OSError, ValueError, IndexError) as exc:
                errors[name] = str(exc)
                LOG.warning("fact %s failed: %s", name, exc)
            else:
                LOG.debug("fact %s in %.1f ms", name,
                          (time.monotonic() - started) * 1000)
        return facts, errors


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", nargs="*", help="restrict to these facts")
    parser.add_argument("--out", default="host-facts.json")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    collector = FactCollector()
    if args.list:
        print("\n".join(collector.names()))
        return 0
    facts, errors = collector.collect(set(args.only or []))
    report = {"collected_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
              "facts": facts, "errors": errors}
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(report, fh, indent=2)
    LOG.info("wrote %d facts (%d errors) to %s", len(facts), len(errors), args.out)
    return 1 if errors and not facts else 0


if __name__ == "__main__":
    raise SystemExit(main())
