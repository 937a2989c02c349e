#!/usr/bin/env python3

import subprocess
subprocess.run(["git", "status"], check=True)
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
