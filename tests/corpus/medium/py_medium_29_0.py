#!/usr/bin/env python3

import subprocess
subprocess.run(["bash", "-c", "echo $HOME"])
