#!/usr/bin/env bash
nohup ./server > server.log 2>&1 &
