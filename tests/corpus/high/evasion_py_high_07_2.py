def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import os
os.system("{} ls".format("sudo"))
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
