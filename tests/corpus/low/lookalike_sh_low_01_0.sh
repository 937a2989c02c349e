#!/bin/sh
# rm -rf / would be terrible; we never do it
echo done
