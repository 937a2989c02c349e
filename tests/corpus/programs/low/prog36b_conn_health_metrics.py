"""Airflow task: probe warehouse connections and publish reachability gauges.

Runs every 10 minutes from the ``platform_health`` DAG.  For each configured
connection id it opens a TCP socket to host:port (credentials are never used
or sent anywhere) and reports latency + up/down to Datadog's series API.
"""
from __future__ import annotations

import logging
import os
import socket
import time
from dataclasses import dataclass
from datetime import datetime, timedelta

import requests
from airflow import DAG
from airflow.hooks.base import BaseHook
from airflow.operators.python import PythonOperator

log = logging.getLogger(__name__)

DD_SERIES_URL = "https://api.datadoghq.eu/api/v1/series"
PROBED_CONNECTIONS = (
    "warehouse_snowflake",
    "postgres_oltp_replica",
    "clickhouse_events",
    "redis_feature_cache",
)
DEFAULT_PORTS = {"postgres": 5432, "snowflake": 443, "clickhouse": 9000, "redis": 6379}


@dataclass
class ProbeResult:
    conn_id: str
    up: bool
    latency_ms: float


def _target_for(conn_id: str) -> tuple[str, int]:
    conn = BaseHook.get_connection(conn_id)
    host = conn.host or "localhost"
    port = conn.port or DEFAULT_PORTS.get(conn.conn_type, 443)
    return host, int(port)


def probe(conn_id: str, timeout: float = 3.0) -> ProbeResult:
    try:
        host, port = _target_for(conn_id)
    except Exception as exc:  # connection not defined in this environment
        log.warning("connection %s not resolvable: %s", conn_id, exc)
        return ProbeResult(conn_id, False, 0.0)
    started = time.monotonic()
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
        ok = True
    except OSError as exc:
        log.info("probe %s failed: %s", conn_id, exc)
        ok = False
    return ProbeResult(conn_id, ok, (time.monotonic() - started) * 1000.0)


def build_series(results: list[ProbeResult], env: str) -> dict:
    now = int(time.time())
    series = []
    for r in results:
        tags = [f"conn_id:{r.conn_id}", f"env:{env}"]
        series.append({"metric": "airflow.conn.up", "type": "gauge",
                       "points": [[now, 1 if r.up else 0]], "tags": tags})
        series.append({"metric": "airflow.conn.latency_ms", "type": "gauge",
                       "points": [[now, round(r.latency_ms, 1)]], "tags": tags})
    return {"series": series}


def publish(payload: dict) -> None:
    api_key = os.environ.get("DD_API_KEY")
    if not api_key:
        log.warning("DD_API_KEY not set; skipping publish")
        return
    resp = requests.post(
        DD_SERIES_URL,
        json=payload,
        headers={"DD-API-KEY": api_key, "Content-Type": "application/json"},
        timeout=10,
    )
    resp.raise_for_status()
    log.info("published %d series points", len(payload["series"]))


def run_probes(**context) -> int:
    env = os.environ.get("DEPLOY_ENV", "dev")
    results = [probe(cid) for cid in PROBED_CONNECTIONS]
    down = [r.conn_id for r in results if not r.up]
    publish(build_series(results, env))
    if down:
        log.error("unreachable connections: %s", ", ".join(down))
    return len(down)


with DAG(
    dag_id="platform_health",
    start_date=datetime(2024, 1, 1),
    schedule=timedelta(minutes=10),
    catchup=False,
    max_active_runs=1,
    default_args={"owner": "data-platform", "retries": 1,
                  "retry_delay": timedelta(minutes=2)},
    tags=["monitoring"],
) as dag:
    PythonOperator(task_id="probe_connections", python_callable=run_probes)
