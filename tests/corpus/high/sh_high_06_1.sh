#!/usr/bin/env bash
systemctl restart nginx
