#!/usr/bin/env bash
ps aux | grep python | grep -v grep
