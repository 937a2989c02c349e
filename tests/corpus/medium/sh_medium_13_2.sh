#!/bin/sh
scp report.pdf user@example.com:/tmp/
count=$(ls | wc -l)
echo "files: $count"
