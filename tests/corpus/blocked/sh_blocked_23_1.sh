#!/bin/sh
iptables -F
count=$(ls | wc -l)
echo "files: $count"
