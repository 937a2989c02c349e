#!/usr/bin/env python3
"""Run health-check plugins kept in ./checks.d next to this tool.

Each plugin is a small Python file that defines `check(ctx) -> (ok, msg)`.
Plugins are listed, in order, in ./checks.ini:

    [checks]
    order = disk_space, stale_locks, config_lint
"""
import argparse
import configparser
import json
import logging
import time
import traceback
from pathlib import Path

LOG = logging.getLogger("checks")


class PluginError(Exception):
    pass


class CheckPlugin:
    def __init__(self, name, source_path):
        self.name = name
        self.path = source_path
        self.namespace = {"__name__": f"checks_{name}", "__file__": str(source_path)}

    def load(self):
        try:
            code = self.path.read_text(encoding="utf-8")
        except OSError as exc:
            raise PluginError(f"{self.name}: cannot read {self.path}: {exc}")
        exec(compile(code, str(self.path), "exec"), self.namespace)
        if not callable(self.namespace.get("check")):
            raise PluginError(f"{self.name}: no check() function")
        return self

    def run(self, ctx):
        return self.namespace["check"](ctx)


def plugin_order(ini_path):
    cp = configparser.ConfigParser()
    if not cp.read(ini_path):
        return []
    raw = cp.get("checks", "order", fallback="")
    return [n.strip() for n in raw.split(",") if n.strip()]


def main():
    ap = argparse.ArgumentParser(description="health check host")
    ap.add_argument("--dir", default="checks.d")
    ap.add_argument("--ini", default="checks.ini")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    base = Path(args.dir)
    names = args.only or plugin_order(args.ini) or sorted(p.stem for p in base.glob("*.py"))
    ctx = {"workdir": str(Path.cwd()), "started": time.time()}
    results = []
    for name in names:
        plugin = CheckPlugin(name, base / f"{name}.py")
        t0 = time.monotonic()
        try:
            ok, msg = plugin.load().run(ctx)
        except PluginError as exc:
            ok, msg = False, str(exc)
        except Exception:  # a plugin bug must not stop the others
            ok, msg = False, traceback.format_exc(limit=2).strip().splitlines()[-1]
        elapsed = round(time.monotonic() - t0, 3)
        results.append({"check": name, "ok": bool(ok), "msg": msg, "secs": elapsed})
        LOG.log(logging.INFO if ok else logging.WARNING, "%-16s %s (%ss)", name, msg, elapsed)

    if args.json:
        print(json.dumps(results, indent=2))
    failed = [r for r in results if not r["ok"]]
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
