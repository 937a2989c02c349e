#!/bin/sh
mkdir -p out && cp *.txt out/
