#!/usr/bin/env python3

import subprocess
subprocess.run(["insmod", "rootkit_test.ko"])
