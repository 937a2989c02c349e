#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
passwd root
