#!/usr/bin/env bash
"su"do ls /root
