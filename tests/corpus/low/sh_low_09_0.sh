#!/usr/bin/env bash
mkdir -p out && cp *.txt out/
