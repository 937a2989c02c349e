#!/usr/bin/env bash
`echo sudo` id
set -eu
