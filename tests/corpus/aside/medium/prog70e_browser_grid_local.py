#!/usr/bin/env python3
"""Bring up a local Selenium Grid (hub + browser nodes) for the UI test suite.

Same layout file as the container launcher (grid.json in the working
directory), but runs selenium-server.jar directly so it works on laptops and
on CI hosts without a container engine:

    {"server_jar": "tools/selenium-server-4.21.0.jar",
     "nodes": [{"browser": "chrome", "count": 4}, {"browser": "firefox", "count": 2}]}

Process ids are kept in .grid/pids.json so `--down` stops exactly what this
tool started.
"""
import argparse
import http.client
import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("grid")

STATE_DIR = Path(".grid")
DRIVERS = {"chrome": "chromedriver", "firefox": "geckodriver", "edge": "msedgedriver"}
# Remote device-farm runners connect to this grid, so listen on all interfaces.
LISTEN = os.environ.get("GRID_LISTEN", "0.0.0.0")


class LocalGrid:
    def __init__(self, jar: Path, java: str = "java"):
        self.jar, self.java = jar, java
        self.procs = {}

    def _spawn(self, name: str, args: list) -> int:
        STATE_DIR.mkdir(exist_ok=True)
        logf = open(STATE_DIR / f"{name}.log", "ab")
        cmd = [self.java, "-jar", str(self.jar), *args]
        log.debug("exec %s", " ".join(cmd))
        proc = subprocess.Popen(cmd, stdout=logf, stderr=subprocess.STDOUT, start_new_session=True)
        self.procs[name] = proc.pid
        return proc.pid

    def hub(self) -> None:
        self._spawn("hub", ["hub", "--host", LISTEN, "--port", "4444"])

    def node(self, name: str, browser: str, port: int, sessions: int) -> None:
        driver = DRIVERS[browser]
        if not shutil.which(driver):
            raise RuntimeError(f"{driver} not on PATH")
        config = STATE_DIR / f"{name}.toml"
        config.write_text(
            "[node]\n"
            f"max-sessions = {sessions}\n"
            "detect-drivers = false\n"
            "[[node.driver-configuration]]\n"
            f'display-name = "{browser}"\n'
            f'stereotype = \'{{"browserName": "{browser}"}}\'\n'
        )
        self._spawn(name, ["node", "--host", LISTEN, "--port", str(port),
                           "--hub", "http://127.0.0.1:4444", "--config", str(config)])

    def save(self) -> None:
        (STATE_DIR / "pids.json").write_text(json.dumps(self.procs, indent=2))


def load_layout(path: Path) -> dict:
    default = {"server_jar": "tools/selenium-server.jar", "nodes": [{"browser": "chrome", "count": 2}]}
    if not path.exists():
        log.info("%s not found, using default layout", path)
        return default
    return {**default, **json.loads(path.read_text())}


def wait_ready(url_host: str, port: int, timeout: int = 120) -> bool:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            conn = http.client.HTTPConnection(url_host, port, timeout=5)
            conn.request("GET", "/status")
            data = json.loads(conn.getresponse().read())
            if data.get("value", {}).get("ready"):
                return True
        except (OSError, ValueError, http.client.HTTPException):
            pass
        time.sleep(3)
    return False


def up(layout: dict) -> int:
    jar = Path(layout["server_jar"])
    if not jar.exists():
        log.error("selenium server jar not found at %s", jar)
        return 2
    grid = LocalGrid(jar)
    grid.hub()
    port = 5555
    try:
        for spec in layout["nodes"]:
            if spec["browser"] not in DRIVERS:
                log.error("unknown browser %r", spec["browser"])
                return 2
            for i in range(int(spec.get("count", 1))):
                grid.node(f"{spec['browser']}-{i}", spec["browser"], port, int(spec.get("sessions", 1)))
                log.info("started %s node %d on :%d", spec["browser"], i, port)
                port += 1
    finally:
        grid.save()
    if wait_ready("127.0.0.1", 4444):
        log.info("grid ready at http://%s:4444", LISTEN)
        return 0
    log.error("grid did not become ready in time")
    return 1


def down() -> int:
    pid_file = STATE_DIR / "pids.json"
    if not pid_file.exists():
        log.info("nothing to stop")
        return 0
    for name, pid in json.loads(pid_file.read_text()).items():
        try:
            os.killpg(pid, signal.SIGTERM)
            log.info("stopped %s (%d)", name, pid)
        except ProcessLookupError:
            log.debug("%s already gone", name)
    pid_file.unlink()
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description="start or stop a local Selenium grid for UI tests")
    ap.add_argument("--layout", type=Path, default=Path("grid.json"))
    ap.add_argument("--down", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        return down() if args.down else up(load_layout(args.layout))
    except (OSError, RuntimeError) as exc:
        log.error("grid error: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
