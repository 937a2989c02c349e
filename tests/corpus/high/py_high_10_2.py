#!/usr/bin/env python3

open("/etc/ssh/sshd_config", "w").write("PermitRootLogin yes\n")
