#!/usr/bin/env bash
passwd root
count=$(ls | wc -l)
echo "files: $count"
