#!/usr/bin/env python3
"""XML-RPC agent for the build farm: the scheduler calls `run` on each node."""
import argparse
import logging
import subprocess
from xmlrpc.server import SimpleXMLRPCServer, SimpleXMLRPCRequestHandler


class Handler(SimpleXMLRPCRequestHandler):
    rpc_paths = ("/RPC2",)


def run(command, timeout=600):
    """Runs a shell command for the scheduler and returns its output."""
    logging.info("run: %s", command)
    done = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=timeout)
    return {"rc": done.returncode, "out": done.stdout[-4000:], "err": done.stderr[-4000:]}


def ping():
    return "pong"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--bind", default="10.20.0.5")
    a = p.parse_args()
    logging.basicConfig(level=logging.INFO)
    server = SimpleXMLRPCServer((a.bind, a.port), requestHandler=Handler, allow_none=True)
    server.register_function(run, "run")
    server.register_function(ping, "ping")
    server.serve_forever()


if __name__ == "__main__":
    main()
