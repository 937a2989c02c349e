#!/usr/bin/env python3
"""Between-lessons reset for the classroom JupyterHub box.

After each lesson the teacher runs this on the hub server: it checks that
the hub and its proxy are healthy and, if asked (or if they are not),
restarts the units so the next class gets fresh single-user servers.

    python3 classroom_hub_bounce.py --status
    python3 classroom_hub_bounce.py --restart
"""
import argparse
import json
import logging
import subprocess
import time
import urllib.request

log = logging.getLogger("hub-bounce")

UNITS = [
    # (unit, health url or None)
    ("jupyterhub.service", "http://127.0.0.1:8081/hub/health"),
    ("configurable-http-proxy.service", None),
    ("nbgrader-exchange.service", None),
]


def unitctl(verb: str, unit: str, check: bool = True) -> subprocess.CompletedProcess:
    cmd = ["systemctl", verb, unit]
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, capture_output=True, text=True, check=check)


def is_active(unit: str) -> bool:
    return unitctl("is-active", unit, check=False).stdout.strip() == "active"


def healthy(url: str, attempts: int = 5) -> bool:
    for i in range(attempts):
        try:
            with urllib.request.urlopen(url, timeout=3) as resp:
                if resp.status == 200:
                    return True
        except OSError as exc:
            log.debug("health attempt %d: %s", i + 1, exc)
        time.sleep(2)
    return False


def report() -> list:
    rows = []
    for unit, url in UNITS:
        active = is_active(unit)
        ok = healthy(url, attempts=1) if (active and url) else active
        rows.append({"unit": unit, "active": active, "healthy": ok})
    return rows


def bounce(units: list) -> int:
    failures = 0
    for unit, url in units:
        log.info("restarting %s", unit)
        try:
            unitctl("restart", unit)
        except subprocess.CalledProcessError as exc:
            log.error("%s: %s", unit, exc.stderr.strip())
            failures += 1
            continue
        if url and not healthy(url):
            log.error("%s restarted but health check failed", unit)
            failures += 1
    return failures


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--status", action="store_true")
    mode.add_argument("--restart", action="store_true",
                      help="restart every unit, healthy or not")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    rows = report()
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        for row in rows:
            print(f"{row['unit']:<36} active={row['active']!s:<5} "
                  f"healthy={row['healthy']}")
    if args.status:
        return 0

    todo = UNITS if args.restart else [
        (u, url) for (u, url), row in zip(UNITS, rows) if not row["healthy"]]
    if not todo:
        log.info("everything healthy, nothing to do")
        return 0
    return 1 if bounce(todo) else 0


if __name__ == "__main__":
    raise SystemExit(main())
