#!/usr/bin/env bash
test -f config.yaml && echo present
