#!/bin/sh
echo 1 > /tmp/app.lock
