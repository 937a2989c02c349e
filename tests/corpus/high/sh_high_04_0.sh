#!/bin/sh
cat /etc/shadow
