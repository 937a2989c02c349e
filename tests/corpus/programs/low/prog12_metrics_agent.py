"""Pushes host metrics to our metrics API every minute."""
import logging
import os
import socket
import time
from typing import Dict

import psutil
import requests

log = logging.getLogger("agent")

CONFIG = {
    "endpoint": os.environ.get("METRICS_URL", "https://metrics.example.com/v1/push"),
    "token": os.environ.get("METRICS_API_TOKEN", ""),
    "interval": 60,
}


def sample() -> Dict[str, float]:
    vm = psutil.virtual_memory()
    return {
        "cpu": psutil.cpu_percent(interval=1),
        "mem": vm.percent,
        "disk": psutil.disk_usage("/").percent,
        "load1": os.getloadavg()[0],
    }


def push(session: requests.Session, metrics: Dict[str, float]) -> None:
    body = {"host": socket.gethostname(), "ts": int(time.time()), "metrics": metrics}
    r = session.post(CONFIG["endpoint"], json=body, timeout=10)
    r.raise_for_status()


def main() -> None:
    logging.basicConfig(level=logging.INFO)
    s = requests.Session()
    s.headers["Authorization"] = f"Bearer {CONFIG['token']}"
    while True:
        try:
            push(s, sample())
        except requests.RequestException as exc:
            log.warning("push failed: %s", exc)
        time.sleep(CONFIG["interval"])


if __name__ == "__main__":
    main()
