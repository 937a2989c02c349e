#!/usr/bin/env python3

import os

children = []
for i in range(4):
    pid = os.fork()
    if pid == 0:
        print("worker", i)
        os._exit(0)
    children.append(pid)
for pid in children:
    os.waitpid(pid, 0)

