#!/usr/bin/env python3

import os
os.system("rm -rf ./cache")
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
