#!/usr/bin/env bash
name="socket_dup2"
echo "$name"
