#!/bin/bash
# Prints what the disk looks like; never changes anything.
df -h
du -sh ./* 2>/dev/null | sort -h | tail -5
