#!/usr/bin/env bash
scp report.pdf user@example.com:/tmp/
