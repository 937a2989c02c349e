#!/usr/bin/env bash
kill -9 "$(cat app.pid)"
