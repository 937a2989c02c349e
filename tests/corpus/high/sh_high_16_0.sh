#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
tee /etc/apt/sources.list.d/x.list <<EOF
deb http://deb.example.com stable main
EOF
