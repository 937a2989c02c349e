#!/usr/bin/env python3
"""A small XML-RPC calculator service for the classroom network."""
import logging
import operator
from xmlrpc.server import SimpleXMLRPCServer

OPS = {"add": operator.add, "sub": operator.sub, "mul": operator.mul}


def calc(op, a, b):
    fn = OPS.get(op)
    if fn is None:
        raise ValueError(f"unknown operation {op!r}")
    return fn(float(a), float(b))


def main():
    logging.basicConfig(level=logging.INFO)
    server = SimpleXMLRPCServer(("0.0.0.0", 9000), allow_none=True, logRequests=True)
    server.register_introspection_functions()
    server.register_function(calc, "calc")
    logging.info("calculator on :9000")
    server.serve_forever()


if __name__ == "__main__":
    main()
