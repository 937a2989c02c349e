#!/usr/bin/env bash
systemctl status nginx || true
