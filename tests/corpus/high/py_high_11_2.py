def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import os
os.seteuid(0)
os.setegid(0)
