#!/usr/bin/env python3
"""Probe PgBouncer pools and the Patroni cluster behind them.

* SHOW POOLS / SHOW STATS via the pgbouncer admin console (psql)
* /cluster from the Patroni REST API to learn which member is the leader

Prints a compact table and exits non-zero when clients are waiting too long
or when the pooler points at a member that is not the leader.
"""
import argparse
import csv
import io
import logging
import os
import subprocess
import sys

import requests
import urllib3

log = logging.getLogger("pool_probe")
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def admin_query(host: str, port: int, user: str, command: str) -> list:
    """Run a pgbouncer admin command and return rows as dicts."""
    env = dict(os.environ)
    env.setdefault("PGCONNECT_TIMEOUT", "5")
    proc = subprocess.run(
        ["psql", "-h", host, "-p", str(port), "-U", user, "-d", "pgbouncer",
         "--csv", "-c", command],
        capture_output=True, text=True, env=env, timeout=20,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"psql failed: {proc.stderr.strip()}")
    return list(csv.DictReader(io.StringIO(proc.stdout)))


def patroni_cluster(api: str) -> dict:
    # the Patroni API uses the cluster's internal CA, which is not in the
    # system trust store on the monitoring hosts
    resp = requests.get(f"{api.rstrip('/')}/cluster", timeout=5, verify=False)
    resp.raise_for_status()
    return resp.json()


def leader_of(cluster: dict):
    for member in cluster.get("members", []):
        if member.get("role") == "leader":
            return member
    return None


def evaluate(pools: list, max_wait: float) -> list:
    alerts = []
    for p in pools:
        waiting = int(p.get("cl_waiting", 0))
        maxwait = float(p.get("maxwait", 0)) + float(p.get("maxwait_us", 0)) / 1e6
        if waiting and maxwait > max_wait:
            alerts.append(f"{p['database']}/{p['user']}: {waiting} clients waiting, max {maxwait:.1f}s")
    return alerts


def print_table(pools: list) -> None:
    hdr = f"{'database':<20}{'user':<16}{'active':>8}{'waiting':>9}{'idle':>6}{'maxwait':>9}"
    print(hdr)
    print("-" * len(hdr))
    for p in pools:
        print(f"{p['database']:<20}{p['user']:<16}{p['cl_active']:>8}{p['cl_waiting']:>9}"
              f"{p['sv_idle']:>6}{p['maxwait']:>9}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bouncer-host", default="127.0.0.1")
    ap.add_argument("--bouncer-port", type=int, default=6432)
    ap.add_argument("--admin-user", default="pgbouncer_stats")
    ap.add_argument("--patroni", default="https://pg-node1.internal:8008")
    ap.add_argument("--expected-host", help="host pgbouncer should be sending traffic to")
    ap.add_argument("--max-wait", type=float, default=2.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        pools = admin_query(args.bouncer_host, args.bouncer_port, args.admin_user, "SHOW POOLS")
    except (RuntimeError, subprocess.TimeoutExpired, FileNotFoundError) as exc:
        log.error("cannot read pgbouncer pools: %s", exc)
        return 2
    print_table(pools)
    alerts = evaluate(pools, args.max_wait)

    try:
        leader = leader_of(patroni_cluster(args.patroni))
    except requests.RequestException as exc:
        log.warning("patroni API unavailable: %s", exc)
        leader = None
    if leader:
        log.info("patroni leader: %s (%s)", leader["name"], leader.get("host"))
        if args.expected_host and leader.get("host") != args.expected_host:
            alerts.append(f"pooler target {args.expected_host} is not the leader {leader.get('host')}")
    else:
        alerts.append("no patroni leader found")

    for a in alerts:
        log.warning("ALERT %s", a)
    return 1 if alerts else 0


if __name__ == "__main__":
    sys.exit(main())
