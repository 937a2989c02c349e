#!/usr/bin/env python3
"""Node bootstrapper: prepares a build agent (directories, a virtualenv, the
agent's configuration) and then runs the 'provisioner' from the control host."""
import argparse
import logging
import os
import sys

from plumbum import local, FG

log = logging.getLogger("bootstrap")

CONTROL = "http://198.51.100.61:8000"
STEPS = ("dirs", "venv", "config", "provision")


class Agent:
    def __init__(self, root, name):
        self.root = root
        self.name = name
        self.python = local["python3"]
        self.fetch = local["curl"]["-fsSL", "--retry", "3"]

    def dirs(self):
        for sub in ("work", "cache", "logs"):
            os.makedirs(os.path.join(self.root, sub), exist_ok=True)

    def venv(self):
        target = os.path.join(self.root, "venv")
        if not os.path.isdir(target):
            self.python["-m", "venv", target]()
        log.info("virtualenv at %s", target)

    def config(self):
        path = os.path.join(self.root, "agent.ini")
        with open(path, "w") as fh:
            fh.write("[agent]\nname = %s\nworkdir = %s/work\n" % (self.name, self.root))

    def provision(self):
        script = CONTROL + "/provision/" + self.name + ".sh"
        runner = self.fetch[script] | local["bash"]["-s", "--", self.name]
        log.info("provisioning from %s", script)
        runner & FG


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", default=os.path.expanduser("~/agent"))
    parser.add_argument("--name", default=os.uname().nodename)
    parser.add_argument("--skip", action="append", default=[], choices=STEPS)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    agent = Agent(args.root, args.name)
    for step in STEPS:
        if step in args.skip:
            continue
        log.info("step %s", step)
        getattr(agent, step)()
    return 0


if __name__ == "__main__":
    sys.exit(main())
