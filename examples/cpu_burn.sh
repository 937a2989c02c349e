#!/bin/sh
# Busy-loops forever in the shell. The CPU quota bounds how much CPU time it
# gets; the timeout ends it.
while :; do :; done
