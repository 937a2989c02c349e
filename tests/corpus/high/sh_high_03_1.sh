#!/usr/bin/env bash
echo "10.0.0.1 db" >> /etc/hosts
